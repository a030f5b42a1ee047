import { iotCardEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { IotCardService } from './iot-card.service.js';

export const IOT_CARD_PERMISSION = 'settings.iot-card';
const READ = { permission: IOT_CARD_PERMISSION };
const WRITE = { permission: writeCode(IOT_CARD_PERMISSION) };
/** Deletes are GETs that change data: logged like the POSTs. */
const DELETE = { ...WRITE, operationLog: true };

/** Settings › IoT card (SPEC section 7 'iotCard': get, add, update, delete; paths and schemas: iotCardEndpoints). */
export function iotCardRoutes(app: App, cards: IotCardService): void {
  const tags = ['iotCard'];

  app.route({
    ...endpointRoute(iotCardEndpoints.list, {
      tags,
      summary:
        'IoT cards, paged, by card number, device, operator and expiry (expired, soon: within 30 days, valid), ' +
        'soonest expiry first; of the devices in scope (projectId, ifFilter=1) — cards in no device only without a scope',
    }),
    config: READ,
    handler: async (request) => ok(await cards.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(iotCardEndpoints.add, {
      tags,
      summary: 'Add a card: ICCID (unique), number, operator, device (one card per device), plan, dates',
    }),
    config: WRITE,
    handler: async (request) => ok(await cards.add(request.body)),
  });

  app.route({
    ...endpointRoute(iotCardEndpoints.update, { tags, summary: 'Edit a card' }),
    config: WRITE,
    handler: async (request) => ok(await cards.update(request.body)),
  });

  app.route({
    ...endpointRoute(iotCardEndpoints.remove, { tags, summary: 'Delete a card' }),
    config: DELETE,
    handler: async (request) => {
      await cards.remove(request.query.id);
      return ok(null);
    },
  });
}
