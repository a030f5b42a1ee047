import { queryEndpoints, titleWithZone } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { signedIn } from '../../plugins/auth.js';
import type { GatherService } from './gather.service.js';

export const GATHER_PERMISSION = 'query.gather';
const tags = ['gather'];
const calls = queryEndpoints.gather;

const HEADERS = {
  'zh-CN': ['序号', '数据时间', '监测因子', '单位', '平均值', '最小值', '最大值', '设备数'],
  'en-US': ['No.', 'DataTime', 'Factor', 'Unit', 'Average', 'Minimum', 'Maximum', 'Devices'],
} as const;
const WIDTHS = [8, 20, 22, 10, 12, 12, 12, 10];

/** The gather query (issue 6): a group's per-period aggregates, and its export (paths and schemas: queryEndpoints.gather). */
export function gatherRoutes(app: App, gather: GatherService, downloads: XlsxDownloads): void {
  app.route({
    ...endpointRoute(calls.read, {
      tags,
      summary:
        "Per period (hour/day/month rollups) and factor: avg/min/max over a group's devices (groupType project/address with groupId, or devices with deviceIds) and how many contributed a valid value; scoped by projectId/ifFilter",
    }),
    config: { permission: GATHER_PERMISSION },
    handler: async (request) => ok(await gather.gather(request.query, signedIn(request))),
  });

  downloads.register({
    path: calls.export.path,
    permission: GATHER_PERMISSION,
    tags,
    summary: "the group's aggregates with the screen's columns",
    querystring: calls.export.query,
    plan: async (filter, caller) => {
      const result = await gather.gather(filter, caller);
      const headers = HEADERS[filter.lang];
      return {
        fileName: { ascii: 'gather', display: filter.lang === 'en-US' ? 'gather' : '汇总数据' },
        total: result.rows.length,
        sheets: [
          {
            name: filter.lang === 'en-US' ? 'Aggregated data' : '汇总数据',
            // The periods' column names the zone they are written in.
            columns: headers.map((header, i) => ({
              header: i === 1 ? titleWithZone(header, result.utcOffsetMinutes, filter.lang) : header,
              width: WIDTHS[i] ?? 12,
            })),
            rows: [gather.exportRows(result, filter.lang === 'en-US')],
          },
        ],
      };
    },
  });
}
