import { formatStationTime, queryEndpoints, titleWithZone } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { signedIn } from '../../plugins/auth.js';
import { rounded } from '../gather/gather.service.js';
import type { AiQueryService } from './ai-query.service.js';

export const AI_PERMISSION = 'query.ai';
const tags = ['ai'];
const calls = queryEndpoints.ai;

const HEADERS = {
  'zh-CN': ['序号', '数据时间', '监测因子', '单位', '工程值', '数据标记', '模拟量'],
  'en-US': ['No.', 'DataTime', 'Factor', 'Unit', 'Engineering value', 'Flag', 'Analog value'],
} as const;
const WIDTHS = [8, 20, 22, 10, 16, 10, 14];
const TIME_COLUMN = 1;

/** The AI (analog input) query of issue 6, and its export (paths and schemas: queryEndpoints.ai). */
export function aiQueryRoutes(app: App, ai: AiQueryService, downloads: XlsxDownloads): void {
  app.route({
    ...endpointRoute(calls.read, {
      tags,
      summary:
        "A device's engineering values (2011 Rtd or 2051 Avg) with each channel's analog signal (-Ai) where the packet carried one, newest first; range ≤ 31 days; scoped by projectId/ifFilter",
    }),
    config: { permission: AI_PERMISSION },
    handler: async (request) => ok(await ai.query(request.query, signedIn(request))),
  });

  downloads.register({
    path: calls.export.path,
    permission: AI_PERMISSION,
    tags,
    summary: "the device's engineering and analog values with the screen's columns",
    querystring: calls.export.query,
    plan: async (query, caller) => {
      const result = await ai.query(query, caller);
      const english = query.lang === 'en-US';
      const factors = new Map(result.factors.map((f) => [f.factorCode, f]));
      const rows = result.rows.map((row, index) => {
        const factor = factors.get(row.factorCode);
        const decimals = factor?.decimals ?? null;
        return [
          index + 1,
          row.dataTime === null ? '' : formatStationTime(row.dataTime, result.utcOffsetMinutes),
          (english ? factor?.factorNameEn : factor?.factorName) ?? row.factorCode,
          factor?.unit ?? '',
          row.value === null ? '' : rounded(row.value, decimals),
          row.flag ?? '',
          row.analog ?? '',
        ];
      });
      return {
        fileName: { ascii: 'ai', display: english ? 'ai' : '模拟量数据' },
        total: rows.length,
        sheets: [
          {
            name: english ? 'Analog input' : '模拟量数据',
            // The data time on the station's clock (the screen's rule), its zone named in the title.
            columns: HEADERS[query.lang].map((header, i) =>
              i === TIME_COLUMN
                ? { header: titleWithZone(header, result.utcOffsetMinutes, query.lang), width: 28 }
                : { header, width: WIDTHS[i] ?? 12 },
            ),
            rows: [rows],
          },
        ],
      };
    },
  });
}
