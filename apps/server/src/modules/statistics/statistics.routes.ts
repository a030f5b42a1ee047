import { reportEndpoints } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { signedIn } from '../../plugins/auth.js';
import { formatDateTime } from '../crud/crud.export.js';
import { isotopeWorkbook, odorRoseWorkbook, summaryWorkbook, transmissionWorkbook } from './statistics.export.js';
import type { StatisticsService } from './statistics.service.js';

export const STATISTICS_PERMISSIONS = {
  transmission: 'report.transmission',
  summary: 'report.summary',
  isotope: 'report.isotope',
  odorRose: 'report.odor-rose',
} as const;
const tags = ['report'];
const SCOPE = 'scoped by projectId and ifFilter (1: only the devices bound to the caller)';

const range = (q: { beginTime: number; endTime: number }) =>
  `${formatDateTime(q.beginTime)} – ${formatDateTime(q.endTime)}`;

/** The statistics reports (issue 6): transmission, summaries, isotope, odour rose — each with its xlsx export (paths and schemas: reportEndpoints). */
export function statisticsRoutes(app: App, statistics: StatisticsService, downloads: XlsxDownloads): void {
  app.route({
    ...endpointRoute(reportEndpoints.transmission.read, {
      tags,
      summary: `Per device and station day in [beginDate, endDate] (≤ 31 days): expected periods (timeUnit hour: 24; min: 86400 / max(60, intervalTime s)), distinct data times received, those whose every value is valid (flag N, quality N), transmission rate received/expected, valid rate valid/received, and whether a rate is below threshold %; ${SCOPE}`,
    }),
    config: { permission: STATISTICS_PERMISSIONS.transmission },
    handler: async (request) => ok(await statistics.transmission(request.query, signedIn(request))),
  });
  downloads.register({
    path: reportEndpoints.transmission.export.path,
    permission: STATISTICS_PERMISSIONS.transmission,
    tags,
    summary: 'the transmission report, one row per device and day',
    querystring: reportEndpoints.transmission.export.query,
    plan: async (query, caller) => {
      const report = await statistics.transmission(query, caller);
      return transmissionWorkbook(report, query, await statistics.projectName(query.projectId, query.lang), query.lang);
    },
  });

  app.route({
    ...endpointRoute(reportEndpoints.summary.read, {
      tags,
      summary: `Day (from hour rollups), month or year (from day rollups) summary of the period containing date: per station and factor avg/min/max, valid count, exceedances of the enabled thresholds, compliance (valid − exceedances)/valid and completeness count/expected periods; ${SCOPE}`,
    }),
    config: { permission: STATISTICS_PERMISSIONS.summary },
    handler: async (request) => ok(await statistics.summary(request.query, signedIn(request))),
  });
  downloads.register({
    path: reportEndpoints.summary.export.path,
    permission: STATISTICS_PERMISSIONS.summary,
    tags,
    summary: 'the summary, titled with the project and the period',
    querystring: reportEndpoints.summary.export.query,
    plan: async (query, caller) => summaryWorkbook(await statistics.summary(query, caller), query.lang),
  });

  app.route({
    ...endpointRoute(reportEndpoints.isotope.read, {
      tags,
      summary: `avg/min/max/count/valid per station × factor of the catalogue's 'isotope' category over [beginTime, endTime) from the timeUnit rollups (≤ 366 days); factors lists the configured isotope factors; ${SCOPE}`,
    }),
    config: { permission: STATISTICS_PERMISSIONS.isotope },
    handler: async (request) => ok(await statistics.isotope(request.query, signedIn(request))),
  });
  downloads.register({
    path: reportEndpoints.isotope.export.path,
    permission: STATISTICS_PERMISSIONS.isotope,
    tags,
    summary: 'the isotope statistics',
    querystring: reportEndpoints.isotope.export.query,
    plan: async (query, caller) =>
      isotopeWorkbook(
        await statistics.isotope(query, caller),
        range(query),
        await statistics.projectName(query.projectId, query.lang),
        query.lang,
      ),
  });

  app.route({
    ...endpointRoute(reportEndpoints.odorRose.read, {
      tags,
      summary: `One station's odour rose over [beginTime, endTime): data times of timeUnit (min ≤ 31 days, hour/day ≤ 366 days) with valid wind direction a01008, wind speed a01007 and factorCode; 16 sectors of 22.5° centred on N (N = [348.75, 11.25)) with frequency (% of samples) and the factor's mean; calm (speed < 0.5 m/s) apart; ${SCOPE}`,
    }),
    config: { permission: STATISTICS_PERMISSIONS.odorRose },
    handler: async (request) => ok(await statistics.odorRose(request.query, signedIn(request))),
  });
  downloads.register({
    path: reportEndpoints.odorRose.export.path,
    permission: STATISTICS_PERMISSIONS.odorRose,
    tags,
    summary: "the rose's sectors and calm",
    querystring: reportEndpoints.odorRose.export.query,
    plan: async (query, caller) => odorRoseWorkbook(await statistics.odorRose(query, caller), range(query), query.lang),
  });
}
