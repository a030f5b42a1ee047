import { alarmEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import type { AlarmService } from './alarm.service.js';

const PAGE = 'alarm.list';
const READ = { permission: PAGE };
const WRITE = { permission: writeCode(PAGE) };
const tags = ['alarm'];

/** Current and historical alarms, their export, and work orders with their audit trail (paths and schemas: alarmEndpoints). */
export function alarmRoutes(app: App, alarms: AlarmService, downloads: XlsxDownloads): void {
  app.route({
    ...endpointRoute(alarmEndpoints.current, {
      tags,
      summary: 'Every active alarm of the devices the caller sees (ifFilter=1: bound devices only), newest first',
    }),
    config: READ,
    handler: async (request) => ok(await alarms.current(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(alarmEndpoints.list, {
      tags,
      summary: 'Alarms, current and ended, paged and filtered (beginTime/endTime bound the begin date)',
    }),
    config: READ,
    handler: async (request) => ok(await alarms.list(request.query, signedIn(request))),
  });

  downloads.register({
    path: alarmEndpoints.export.path,
    permission: PAGE,
    tags,
    summary: 'the matching alarms (Chinese headers)',
    querystring: alarmEndpoints.export.query,
    plan: (filter, caller) => alarms.exportPlan(filter, caller),
  });

  app.route({
    ...endpointRoute(alarmEndpoints.updateWorkOrder, {
      tags,
      summary: 'Move a work order (1→2, 1→4, 2→3, 2→4 only) with a comment; answers the alarm',
    }),
    config: WRITE,
    handler: async (request) => ok(await alarms.moveWorkOrder(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(alarmEndpoints.workOrderHistory, { tags, summary: "A work order's audit trail, oldest first" }),
    config: READ,
    handler: async (request) => ok(await alarms.workOrderHistory(request.query.alarmId, signedIn(request))),
  });
}
