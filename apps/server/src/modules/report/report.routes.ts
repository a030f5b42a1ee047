import { reportEndpoints } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { signedIn } from '../../plugins/auth.js';
import { contrastWorkbook, multiStationWorkbook, singleStationWorkbook, standardWorkbook } from './report.export.js';
import type { ReportService } from './report.service.js';

export const REPORT_SINGLE_STATION_PERMISSION = 'report.single-station';
export const REPORT_PERMISSIONS = {
  singleStation: REPORT_SINGLE_STATION_PERMISSION,
  multiStation: 'report.multi-station',
  contrast: 'report.contrast',
  factorBar: 'report.factor-bar',
  radar: 'report.radar',
} as const;
const tags = ['report'];
const SCOPE =
  'projectId: the project chosen in the header; ifFilter=1: only devices bound to the caller; a device outside → not found';

/**
 * The report screens' reads (data service) and their xlsx exports (`<report>/export`, then its download);
 * paths and schemas: reportEndpoints.
 */
export function reportRoutes(app: App, report: ReportService, downloads: XlsxDownloads): void {
  app.route({
    ...endpointRoute(reportEndpoints.singleStation.read, {
      tags,
      summary: `One station's factors over [beginTime, endTime) from its hour/day/month rollups: avg, min, max, valid count, exceedances (enabled thresholds) and compliance rate (valid − exceedances) / valid, and each period's values; valid = flag N and quality N. ${SCOPE}`,
    }),
    config: { permission: REPORT_PERMISSIONS.singleStation },
    handler: async (request) => ok(await report.singleStation(request.query, signedIn(request))),
  });
  downloads.register({
    path: reportEndpoints.singleStation.export.path,
    permission: REPORT_PERMISSIONS.singleStation,
    tags,
    summary: 'the single-station report: a statistics sheet and a period sheet, headers in lang',
    querystring: reportEndpoints.singleStation.export.query,
    plan: async (query, caller) =>
      singleStationWorkbook(await report.singleStation(query, caller), query.lang ?? 'zh-CN'),
  });

  app.route({
    ...endpointRoute(reportEndpoints.multiStation.read, {
      tags,
      summary: `The chosen factors (all with values when empty) on the chosen stations (deviceIds, comma separated, ≤ 50) over [beginTime, endTime): per station and factor the single-station statistics. ${SCOPE}`,
    }),
    config: { permission: REPORT_PERMISSIONS.multiStation },
    handler: async (request) => ok(await report.multiStation(request.query, signedIn(request))),
  });
  downloads.register({
    path: reportEndpoints.multiStation.export.path,
    permission: REPORT_PERMISSIONS.multiStation,
    tags,
    summary: 'the multi-station report: deviceName, MN and each factor’s avg, min, max',
    querystring: reportEndpoints.multiStation.export.query,
    plan: async (query, caller) =>
      multiStationWorkbook(await report.multiStation(query, caller), query.lang ?? 'zh-CN'),
  });

  app.route({
    ...endpointRoute(reportEndpoints.contrast.read, {
      tags,
      summary: `One factor: mode stations, across deviceIds over the period; mode periods, one device's period against the previous period (same length immediately before; calendar months for month) and the same period last year (one calendar year earlier). Series statistics and rows by position in the period. ${SCOPE}`,
    }),
    config: { permission: REPORT_PERMISSIONS.contrast },
    handler: async (request) => ok(await report.contrast(request.query, signedIn(request))),
  });
  downloads.register({
    path: reportEndpoints.contrast.export.path,
    permission: REPORT_PERMISSIONS.contrast,
    tags,
    summary: 'the contrast report: a series sheet and a values sheet',
    querystring: reportEndpoints.contrast.export.query,
    plan: async (query, caller) => contrastWorkbook(await report.contrast(query, caller), query.lang ?? 'zh-CN'),
  });

  for (const kind of ['factorBar', 'radar'] as const) {
    const calls = reportEndpoints[kind];
    app.route({
      ...endpointRoute(calls.read, {
        tags,
        summary: `One device's factors (all with values when empty) over [beginTime, endTime): the period average against its standard — standard=threshold (the enabled threshold, overflow type 0 first) or waterClass (GB 3838 class waterClass 1–5) — with ratio (upper: avg / limit; lower: limit / avg; range: distance from the middle / half width) and exceeded. ${SCOPE}`,
      }),
      config: { permission: REPORT_PERMISSIONS[kind] },
      handler: async (request) => ok(await report.standards(request.query, signedIn(request))),
    });
    downloads.register({
      path: calls.export.path,
      permission: REPORT_PERMISSIONS[kind],
      tags,
      summary: 'each factor’s average, minimum, maximum, standard limit, ratio and exceeded',
      querystring: calls.export.query,
      plan: async (query, caller) =>
        standardWorkbook(await report.standards(query, caller), query.lang ?? 'zh-CN', kind),
    });
  }
}
