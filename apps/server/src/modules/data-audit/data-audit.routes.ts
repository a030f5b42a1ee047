import { DATA_AUDIT_PAGES, dataAuditEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { DataAuditService } from './data-audit.service.js';

/** Settings › data audit and Water station › data audit: either page reads; its write audits. */
const READ = { permission: DATA_AUDIT_PAGES, operationLog: false };
const WRITE = { permission: DATA_AUDIT_PAGES.map(writeCode) };

/** Data audit (SPEC section 7: dataAudit getList, add, update, uninstall — all POST; grid is ours). */
export function dataAuditRoutes(app: App, audits: DataAuditService): void {
  const tags = ['dataAudit'];

  app.route({
    ...endpointRoute(dataAuditEndpoints.getList, {
      tags,
      summary:
        'Audit records of the devices in scope (projectId, ifFilter=1), newest first, by device, kind, factor, action, reason and data time (dataTime with device, kind and factor: one value’s trail); revoked ones with includeRevoked',
    }),
    config: READ,
    handler: async (request) => ok(await audits.list(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(dataAuditEndpoints.add, {
      tags,
      summary:
        'Audits cells of one device and kind (invalid, valid, replace one value — each with a reason), or approves the values of a station day no audit has touched (day); day, month and year values above them are recomputed. Answers the batch and how many values',
    }),
    config: WRITE,
    handler: async (request) => ok(await audits.add(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(dataAuditEndpoints.update, {
      tags,
      summary:
        'Edits a record in force: its reason and remark, and a replacement’s value (laid over the value again when it is the value’s newest record)',
    }),
    config: WRITE,
    handler: async (request) => ok(await audits.update(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(dataAuditEndpoints.uninstall, {
      tags,
      summary:
        'Revokes records (ids, or an audit’s batchId): each value returns to the state its previous record left, or none; the records stay, marked revoked',
    }),
    config: WRITE,
    handler: async (request) => ok(await audits.revoke(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(dataAuditEndpoints.grid, {
      tags,
      summary:
        'The workbench: one device’s hour or day values in [from, to) with station flag, platform quality, audit state, the value reports use and whether it counts, and the station days approved',
    }),
    config: READ,
    handler: async (request) => ok(await audits.grid(request.body, signedIn(request))),
  });
}
