import type { z } from 'zod';
import {
  reportContrastQuerySchema,
  reportContrastSchema,
  reportMultiStationQuerySchema,
  reportMultiStationSchema,
  reportSingleStationQuerySchema,
  reportSingleStationSchema,
  reportStandardQuerySchema,
  reportStandardSchema,
} from '../schemas/report.js';
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
} from '../schemas/statistics.js';
import { exportLinkSchema } from '../schemas/common.js';
import { REPORT_KEY } from './data-keys.js';
import { defineEndpoint } from './endpoint.js';

const REPORT = '/data/report/rest';

/**
 * A report's two calls: the read (`${REPORT}/<name>`, cached under ['report', name]) and its export's
 * step 1, the ticketed link (`${REPORT}/<name>/export`; `${path}/download` is the file). The export takes
 * the read's filters, or `exportQuery` where it differs (the header language).
 */
function reportCalls<const N extends string, Q extends z.ZodType, R extends z.ZodType, X extends z.ZodType = Q>(
  name: N,
  query: Q,
  response: R,
  exportQuery?: X,
) {
  return {
    read: defineEndpoint({
      method: 'GET',
      path: `${REPORT}/${name}`,
      query,
      response,
      key: [...REPORT_KEY, name] as const,
    }),
    export: defineEndpoint({
      method: 'GET',
      path: `${REPORT}/${name}/export`,
      query: (exportQuery ?? query) as X,
      response: exportLinkSchema,
    }),
  };
}

/** The report screens' calls (SPEC section 2 'reports'; the statistics reports of issue 6). */
export const reportEndpoints = {
  singleStation: reportCalls('singleStation', reportSingleStationQuerySchema, reportSingleStationSchema),
  multiStation: reportCalls('multiStation', reportMultiStationQuerySchema, reportMultiStationSchema),
  contrast: reportCalls('contrast', reportContrastQuerySchema, reportContrastSchema),
  /** The factor bar and the standard radar read the same report, each under its own path and permission. */
  factorBar: reportCalls('factorBar', reportStandardQuerySchema, reportStandardSchema),
  radar: reportCalls('radar', reportStandardQuerySchema, reportStandardSchema),
  transmission: reportCalls(
    'transmission',
    transmissionQuerySchema,
    transmissionReportSchema,
    transmissionExportSchema,
  ),
  summary: reportCalls('summary', summaryQuerySchema, summaryReportSchema, summaryExportSchema),
  isotope: reportCalls('isotope', isotopeQuerySchema, isotopeReportSchema, isotopeExportSchema),
  odorRose: reportCalls('odorRose', odorRoseQuerySchema, odorRoseSchema, odorRoseExportSchema),
};

/** One report's read and export, as declared in reportEndpoints. */
export type ReportCalls = (typeof reportEndpoints)[keyof typeof reportEndpoints];
