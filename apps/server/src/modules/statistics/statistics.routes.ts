import {
  isotopeExportSchema,
  isotopeQuerySchema,
  isotopeReportSchema,
  odorRoseExportSchema,
  odorRoseQuerySchema,
  odorRoseSchema,
  summaryExportSchema,
  summaryQuerySchema,
  summaryReportSchema,
  transmissionExportSchema,
  transmissionQuerySchema,
  transmissionReportSchema,
} from '@envmon/shared';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { signedIn } from '../../plugins/auth.js';
import { formatDateTime } from '../crud/crud.export.js';
import { isotopeWorkbook, odorRoseWorkbook, summaryWorkbook, transmissionWorkbook } from './statistics.export.js';
import type { StatisticsService } from './statistics.service.js';

const REPORT = '/data/report/rest';
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

/** The statistics reports (issue 6): transmission, summaries, isotope, odour rose — each with its xlsx export. */
export function statisticsRoutes(app: App, statistics: StatisticsService, downloads: XlsxDownloads): void {
  app.get(
    `${REPORT}/transmission`,
    {
      config: { permission: STATISTICS_PERMISSIONS.transmission },
      schema: {
        tags,
        summary: `Per device and station day in [beginDate, endDate] (≤ 31 days): expected periods (timeUnit hour: 24; min: 86400 / max(60, intervalTime s)), distinct data times received, those whose every value is valid (flag N, quality N), transmission rate received/expected, valid rate valid/received, and whether a rate is below threshold %; ${SCOPE}`,
        querystring: transmissionQuerySchema,
        response: envelopeResponses(transmissionReportSchema),
      },
    },
    async (request) => ok(await statistics.transmission(request.query, signedIn(request))),
  );
  downloads.register({
    path: `${REPORT}/transmission/export`,
    permission: STATISTICS_PERMISSIONS.transmission,
    tags,
    summary: 'the transmission report, one row per device and day',
    querystring: transmissionExportSchema,
    plan: async (query, caller) => {
      const report = await statistics.transmission(query, caller);
      return transmissionWorkbook(report, query, await statistics.projectName(query.projectId, query.lang), query.lang);
    },
  });

  app.get(
    `${REPORT}/summary`,
    {
      config: { permission: STATISTICS_PERMISSIONS.summary },
      schema: {
        tags,
        summary: `Day (from hour rollups), month or year (from day rollups) summary of the period containing date: per station and factor avg/min/max, valid count, exceedances of the enabled thresholds, compliance (valid − exceedances)/valid and completeness count/expected periods; ${SCOPE}`,
        querystring: summaryQuerySchema,
        response: envelopeResponses(summaryReportSchema),
      },
    },
    async (request) => ok(await statistics.summary(request.query, signedIn(request))),
  );
  downloads.register({
    path: `${REPORT}/summary/export`,
    permission: STATISTICS_PERMISSIONS.summary,
    tags,
    summary: 'the summary, titled with the project and the period',
    querystring: summaryExportSchema,
    plan: async (query, caller) => summaryWorkbook(await statistics.summary(query, caller), query.lang),
  });

  app.get(
    `${REPORT}/isotope`,
    {
      config: { permission: STATISTICS_PERMISSIONS.isotope },
      schema: {
        tags,
        summary: `avg/min/max/count/valid per station × factor of the catalogue's 'isotope' category over [beginTime, endTime) from the timeUnit rollups (≤ 366 days); factors lists the configured isotope factors; ${SCOPE}`,
        querystring: isotopeQuerySchema,
        response: envelopeResponses(isotopeReportSchema),
      },
    },
    async (request) => ok(await statistics.isotope(request.query, signedIn(request))),
  );
  downloads.register({
    path: `${REPORT}/isotope/export`,
    permission: STATISTICS_PERMISSIONS.isotope,
    tags,
    summary: 'the isotope statistics',
    querystring: isotopeExportSchema,
    plan: async (query, caller) =>
      isotopeWorkbook(
        await statistics.isotope(query, caller),
        range(query),
        await statistics.projectName(query.projectId, query.lang),
        query.lang,
      ),
  });

  app.get(
    `${REPORT}/odorRose`,
    {
      config: { permission: STATISTICS_PERMISSIONS.odorRose },
      schema: {
        tags,
        summary: `One station's odour rose over [beginTime, endTime): data times of timeUnit (min ≤ 31 days, hour/day ≤ 366 days) with valid wind direction a01008, wind speed a01007 and factorCode; 16 sectors of 22.5° centred on N (N = [348.75, 11.25)) with frequency (% of samples) and the factor's mean; calm (speed < 0.5 m/s) apart; ${SCOPE}`,
        querystring: odorRoseQuerySchema,
        response: envelopeResponses(odorRoseSchema),
      },
    },
    async (request) => ok(await statistics.odorRose(request.query, signedIn(request))),
  );
  downloads.register({
    path: `${REPORT}/odorRose/export`,
    permission: STATISTICS_PERMISSIONS.odorRose,
    tags,
    summary: "the rose's sectors and calm",
    querystring: odorRoseExportSchema,
    plan: async (query, caller) => odorRoseWorkbook(await statistics.odorRose(query, caller), range(query), query.lang),
  });
}
