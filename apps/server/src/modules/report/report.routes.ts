import {
  reportContrastQuerySchema,
  reportContrastSchema,
  reportMultiStationQuerySchema,
  reportMultiStationSchema,
  reportSingleStationQuerySchema,
  reportSingleStationSchema,
  reportStandardQuerySchema,
  reportStandardSchema,
} from '@envmon/shared';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { signedIn } from '../../plugins/auth.js';
import { contrastWorkbook, multiStationWorkbook, singleStationWorkbook, standardWorkbook } from './report.export.js';
import type { ReportService } from './report.service.js';

const REPORT = '/data/report/rest';
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

/** The report screens' reads (data service) and their xlsx exports (`<report>/export`, then its download). */
export function reportRoutes(app: App, report: ReportService, downloads: XlsxDownloads): void {
  app.get(
    `${REPORT}/singleStation`,
    {
      config: { permission: REPORT_PERMISSIONS.singleStation },
      schema: {
        tags,
        summary: `One station's factors over [beginTime, endTime) from its hour/day/month rollups: avg, min, max, valid count, exceedances (enabled thresholds) and compliance rate (valid − exceedances) / valid, and each period's values; valid = flag N and quality N. ${SCOPE}`,
        querystring: reportSingleStationQuerySchema,
        response: envelopeResponses(reportSingleStationSchema),
      },
    },
    async (request) => ok(await report.singleStation(request.query, signedIn(request))),
  );
  downloads.register({
    path: `${REPORT}/singleStation/export`,
    permission: REPORT_PERMISSIONS.singleStation,
    tags,
    summary: 'the single-station report: a statistics sheet and a period sheet, headers in lang',
    querystring: reportSingleStationQuerySchema,
    plan: async (query, caller) =>
      singleStationWorkbook(await report.singleStation(query, caller), query.lang ?? 'zh-CN'),
  });

  app.get(
    `${REPORT}/multiStation`,
    {
      config: { permission: REPORT_PERMISSIONS.multiStation },
      schema: {
        tags,
        summary: `The chosen factors (all with values when empty) on the chosen stations (deviceIds, comma separated, ≤ 50) over [beginTime, endTime): per station and factor the single-station statistics. ${SCOPE}`,
        querystring: reportMultiStationQuerySchema,
        response: envelopeResponses(reportMultiStationSchema),
      },
    },
    async (request) => ok(await report.multiStation(request.query, signedIn(request))),
  );
  downloads.register({
    path: `${REPORT}/multiStation/export`,
    permission: REPORT_PERMISSIONS.multiStation,
    tags,
    summary: 'the multi-station report: deviceName, MN and each factor’s avg, min, max',
    querystring: reportMultiStationQuerySchema,
    plan: async (query, caller) =>
      multiStationWorkbook(await report.multiStation(query, caller), query.lang ?? 'zh-CN'),
  });

  app.get(
    `${REPORT}/contrast`,
    {
      config: { permission: REPORT_PERMISSIONS.contrast },
      schema: {
        tags,
        summary: `One factor: mode stations, across deviceIds over the period; mode periods, one device's period against the previous period (same length immediately before; calendar months for month) and the same period last year (one calendar year earlier). Series statistics and rows by position in the period. ${SCOPE}`,
        querystring: reportContrastQuerySchema,
        response: envelopeResponses(reportContrastSchema),
      },
    },
    async (request) => ok(await report.contrast(request.query, signedIn(request))),
  );
  downloads.register({
    path: `${REPORT}/contrast/export`,
    permission: REPORT_PERMISSIONS.contrast,
    tags,
    summary: 'the contrast report: a series sheet and a values sheet',
    querystring: reportContrastQuerySchema,
    plan: async (query, caller) => contrastWorkbook(await report.contrast(query, caller), query.lang ?? 'zh-CN'),
  });

  for (const kind of ['factorBar', 'radar'] as const) {
    app.get(
      `${REPORT}/${kind}`,
      {
        config: { permission: REPORT_PERMISSIONS[kind] },
        schema: {
          tags,
          summary: `One device's factors (all with values when empty) over [beginTime, endTime): the period average against its standard — standard=threshold (the enabled threshold, overflow type 0 first) or waterClass (GB 3838 class waterClass 1–5) — with ratio (upper: avg / limit; lower: limit / avg; range: distance from the middle / half width) and exceeded. ${SCOPE}`,
          querystring: reportStandardQuerySchema,
          response: envelopeResponses(reportStandardSchema),
        },
      },
      async (request) => ok(await report.standards(request.query, signedIn(request))),
    );
    downloads.register({
      path: `${REPORT}/${kind}/export`,
      permission: REPORT_PERMISSIONS[kind],
      tags,
      summary: 'each factor’s average, minimum, maximum, standard limit, ratio and exceeded',
      querystring: reportStandardQuerySchema,
      plan: async (query, caller) =>
        standardWorkbook(await report.standards(query, caller), query.lang ?? 'zh-CN', kind),
    });
  }
}
