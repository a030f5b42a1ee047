import {
  historyChartQuerySchema,
  historyChartSchema,
  historyExportQuerySchema,
  historyQuerySchema,
  historyTableSchema,
} from '@envmon/shared';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { signedIn } from '../../plugins/auth.js';
import type { HistoryService } from './history.service.js';

const HISTORY = '/data/history/rest';
export const HISTORY_PERMISSION = 'query.history';
const tags = ['history'];

const FILTERS =
  'deviceIds and factorCodes (repeated or comma lists), timeUnit (realtime, minute, hour, day, month, flowDay, flowMonth, flowYear), beginTime/endTime epoch ms [begin, end) within the unit’s longest range; projectId, ifFilter=1 scope the devices';

/** The history query (SPEC section 2 'queries: history'): table, chart and xlsx export. */
export function historyRoutes(app: App, history: HistoryService, downloads: XlsxDownloads): void {
  app.get(
    `${HISTORY}/get`,
    {
      config: { permission: HISTORY_PERMISSION },
      schema: {
        tags,
        summary: `History table: one row per device × period (by data time, then device), a value per factor with its flag and quality; paged (pageNum, pageSize). ${FILTERS}`,
        querystring: historyQuerySchema,
        response: envelopeResponses(historyTableSchema),
      },
    },
    async (request) => ok(await history.table(request.query, signedIn(request))),
  );

  app.get(
    `${HISTORY}/chart`,
    {
      config: { permission: HISTORY_PERMISSION },
      schema: {
        tags,
        summary: `History chart: per device × factor the range's values, downsampled to at most maxPoints (default 2000) by keeping each bucket's minimum and maximum. ${FILTERS}`,
        querystring: historyChartQuerySchema,
        response: envelopeResponses(historyChartSchema),
      },
    },
    async (request) => ok(await history.chart(request.query, signedIn(request))),
  );

  downloads.register({
    path: `${HISTORY}/export`,
    permission: HISTORY_PERMISSION,
    tags,
    summary: "the table's rows (every page; headers in lang, a column per factor with its unit)",
    querystring: historyExportQuerySchema,
    plan: (query, caller) => history.exportPlan(query, caller),
  });
}
