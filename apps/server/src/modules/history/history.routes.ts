import { queryEndpoints } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { signedIn } from '../../plugins/auth.js';
import type { HistoryService } from './history.service.js';

export const HISTORY_PERMISSION = 'query.history';
const tags = ['history'];
const calls = queryEndpoints.history;

const FILTERS =
  'deviceIds and factorCodes (repeated or comma lists), timeUnit (realtime, minute, hour, day, month, flowDay, flowMonth, flowYear), beginTime/endTime epoch ms [begin, end) within the unit’s longest range; projectId, ifFilter=1 scope the devices';

/** The history query (SPEC section 2 'queries: history'): table, chart and xlsx export (paths and schemas: queryEndpoints.history). */
export function historyRoutes(app: App, history: HistoryService, downloads: XlsxDownloads): void {
  app.route({
    ...endpointRoute(calls.table, {
      tags,
      summary: `History table: one row per device × period (by data time, then device), a value per factor with its flag and quality; paged (pageNum, pageSize). ${FILTERS}`,
    }),
    config: { permission: HISTORY_PERMISSION },
    handler: async (request) => ok(await history.table(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(calls.chart, {
      tags,
      summary: `History chart: per device × factor the range's values, downsampled to at most maxPoints (default 2000) by keeping each bucket's minimum and maximum. ${FILTERS}`,
    }),
    config: { permission: HISTORY_PERMISSION },
    handler: async (request) => ok(await history.chart(request.query, signedIn(request))),
  });

  downloads.register({
    path: calls.export.path,
    permission: HISTORY_PERMISSION,
    tags,
    summary: "the table's rows (every page; headers in lang, a column per factor with its unit)",
    querystring: calls.export.query,
    plan: (query, caller) => history.exportPlan(query, caller),
  });
}
