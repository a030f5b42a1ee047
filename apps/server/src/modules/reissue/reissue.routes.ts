import {
  reissueInputSchema,
  reissueListQuerySchema,
  reissueTaskPageSchema,
  reissueTaskSchema,
  writeCode,
} from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { ReissueService } from './reissue.service.js';

const REISSUE = '/manager/settings/reissue/rest';
export const REISSUE_PERMISSION = 'settings.reissue';
const WRITE = { permission: writeCode(REISSUE_PERMISSION) };
const RANGE =
  'deviceIds (1–50), cn (2051 minute, 2061 hour, 2031 day data), beginTime ≤ endTime (epoch ms, both included; ≤ 31, 366 or 3660 days)';

/** Settings › reissue (SPEC section 7: reissue add, repair), and the list of its tasks. */
export function reissueRoutes(app: App, reissue: ReissueService): void {
  const tags = ['reissue'];
  const tasks = envelopeResponses(z.array(reissueTaskSchema));

  app.post(
    `${REISSUE}/add`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: `Ask each device's station for its data of the whole range again, in the background: ${RANGE}. Answers the tasks made (running, or failed at once when the station is not connected)`,
        body: reissueInputSchema,
        response: tasks,
      },
    },
    async (request) => ok(await reissue.add(request.body, signedIn(request))),
  );

  app.post(
    `${REISSUE}/repair`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: `Ask each device's station only for the periods of the range missing from the database (each stretch, or their whole span beyond 20): ${RANGE}. A device missing nothing is complete at once`,
        body: reissueInputSchema,
        response: tasks,
      },
    },
    async (request) => ok(await reissue.repair(request.body, signedIn(request))),
  );

  app.get(
    `${REISSUE}/list`,
    {
      config: { permission: REISSUE_PERMISSION },
      schema: {
        tags,
        summary: 'Reissue tasks of the devices in scope (projectId, ifFilter=1), newest first, by device and status',
        querystring: reissueListQuerySchema,
        response: envelopeResponses(reissueTaskPageSchema),
      },
    },
    async (request) => ok(await reissue.list(request.query, signedIn(request))),
  );
}
