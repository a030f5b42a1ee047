import { reportSingleStationQuerySchema, reportSingleStationSchema } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import type { ReportService } from './report.service.js';

const REPORT = '/data/report/rest';
export const REPORT_SINGLE_STATION_PERMISSION = 'report.single-station';
const tags = ['report'];

/** The report screens' reads (data service). */
export function reportRoutes(app: App, report: ReportService): void {
  app.get(
    `${REPORT}/singleStation`,
    {
      config: { permission: REPORT_SINGLE_STATION_PERMISSION },
      schema: {
        tags,
        summary:
          "One station's factors over [beginTime, endTime) from its hour/day/month rollups: avg, min, max, valid count, exceedances (enabled thresholds) and compliance rate (valid − exceedances) / valid; valid = flag N and quality N",
        querystring: reportSingleStationQuerySchema,
        response: envelopeResponses(reportSingleStationSchema),
      },
    },
    async (request) => ok(await report.singleStation(request.query)),
  );
}
