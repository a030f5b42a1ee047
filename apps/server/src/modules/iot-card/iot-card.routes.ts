import {
  idParamSchema,
  iotCardInputSchema,
  iotCardListQuerySchema,
  iotCardPageSchema,
  iotCardSchema,
  iotCardUpdateSchema,
  writeCode,
} from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { IotCardService } from './iot-card.service.js';

const IOT_CARD = '/manager/settings/iotCard/rest';
export const IOT_CARD_PERMISSION = 'settings.iot-card';
const READ = { permission: IOT_CARD_PERMISSION };
const WRITE = { permission: writeCode(IOT_CARD_PERMISSION) };
/** Deletes are GETs that change data: logged like the POSTs. */
const DELETE = { ...WRITE, operationLog: true };

/** Settings › IoT card (SPEC section 7 'iotCard': get, add, update, delete). */
export function iotCardRoutes(app: App, cards: IotCardService): void {
  const tags = ['iotCard'];

  app.get(
    `${IOT_CARD}/get`,
    {
      config: READ,
      schema: {
        tags,
        summary:
          'IoT cards, paged, by card number, device, operator and expiry (expired, soon: within 30 days, valid), ' +
          'soonest expiry first; of the devices in scope (projectId, ifFilter=1) — cards in no device only without a scope',
        querystring: iotCardListQuerySchema,
        response: envelopeResponses(iotCardPageSchema),
      },
    },
    async (request) => ok(await cards.list(request.query, signedIn(request))),
  );

  app.post(
    `${IOT_CARD}/add`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Add a card: ICCID (unique), number, operator, device (one card per device), plan, dates',
        body: iotCardInputSchema,
        response: envelopeResponses(iotCardSchema),
      },
    },
    async (request) => ok(await cards.add(request.body)),
  );

  app.post(
    `${IOT_CARD}/update`,
    {
      config: WRITE,
      schema: { tags, summary: 'Edit a card', body: iotCardUpdateSchema, response: envelopeResponses(iotCardSchema) },
    },
    async (request) => ok(await cards.update(request.body)),
  );

  app.get(
    `${IOT_CARD}/delete`,
    {
      config: DELETE,
      schema: { tags, summary: 'Delete a card', querystring: idParamSchema, response: envelopeResponses(z.null()) },
    },
    async (request) => {
      await cards.remove(request.query.id);
      return ok(null);
    },
  );
}
