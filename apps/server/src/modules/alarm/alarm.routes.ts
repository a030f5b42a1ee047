import {
  alarmCurrentQuerySchema,
  alarmFilterSchema,
  alarmQuerySchema,
  alarmSchema,
  pageSchema,
  workOrderEventSchema,
  workOrderHistoryQuerySchema,
  workOrderUpdateSchema,
  writeCode,
} from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import type { AlarmService } from './alarm.service.js';

const ALARM = '/manager/alarm/rest';
const WORK_ORDER = '/manager/alarm/workorder/rest';
const PAGE = 'alarm.list';
const READ = { permission: PAGE };
const WRITE = { permission: writeCode(PAGE) };
const tags = ['alarm'];

/** Current and historical alarms, their export, and work orders with their audit trail. */
export function alarmRoutes(app: App, alarms: AlarmService, downloads: XlsxDownloads): void {
  app.get(
    `${ALARM}/getCurrent`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Every active alarm of the devices the caller sees (ifFilter=1: bound devices only), newest first',
        querystring: alarmCurrentQuerySchema,
        response: envelopeResponses(z.array(alarmSchema)),
      },
    },
    async (request) => ok(await alarms.current(request.query, signedIn(request))),
  );

  app.get(
    `${ALARM}/get`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Alarms, current and ended, paged and filtered (beginTime/endTime bound the begin date)',
        querystring: alarmQuerySchema,
        response: envelopeResponses(pageSchema(alarmSchema)),
      },
    },
    async (request) => ok(await alarms.list(request.query, signedIn(request))),
  );

  downloads.register({
    path: `${ALARM}/export`,
    permission: PAGE,
    tags,
    summary: 'the matching alarms (Chinese headers)',
    querystring: alarmFilterSchema,
    plan: (filter, caller) => alarms.exportPlan(filter, caller),
  });

  app.post(
    `${WORK_ORDER}/update`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Move a work order (1→2, 1→4, 2→3, 2→4 only) with a comment; answers the alarm',
        body: workOrderUpdateSchema,
        response: envelopeResponses(alarmSchema),
      },
    },
    async (request) => ok(await alarms.moveWorkOrder(request.body, signedIn(request))),
  );

  app.get(
    `${WORK_ORDER}/getHistory`,
    {
      config: READ,
      schema: {
        tags,
        summary: "A work order's audit trail, oldest first",
        querystring: workOrderHistoryQuerySchema,
        response: envelopeResponses(z.array(workOrderEventSchema)),
      },
    },
    async (request) => ok(await alarms.workOrderHistory(request.query.alarmId, signedIn(request))),
  );
}
