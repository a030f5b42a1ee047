export { ReportChart, lineOption, radarOption, REPORT_CHART_HEIGHT, unitBarOption } from './report-chart';
export type { BarPanel, BarSeries, RadarAxis, ReportChartSpec } from './report-chart';
export { defaultReportForm, ReportFilterBar, reportTimeParams } from './report-filter-bar';
export type { ReportFilterBarProps, ReportFilterForm } from './report-filter-bar';
export { formatReportPercent, formatReportValue, reportFactorLabel, reportFactorName } from './report-format';
export { ReportLayout } from './report-layout';
export type { ReportLayoutProps } from './report-layout';
export {
  defaultReportRange,
  pickedDayTimes,
  REPORT_CALENDAR_OFFSET_MINUTES,
  sameReportParams,
  toReportTimes,
} from './report-time';
export type { ReportRange } from './report-time';
export { reportStatColumns } from './report-columns';
export { REPORT_STANDARD_DEFAULTS, ReportStandardFields, ReportStandardTable } from './report-standard-parts';
export { standardReportScreen } from './standard-report-screen';
export type { StandardReportScreenOptions } from './standard-report-screen';
export { defineReportScreen, ReportScreen } from './report-screen';
export type {
  ReportChartContext,
  ReportContext,
  ReportFilterDefinition,
  ReportModes,
  ReportPart,
  ReportScreenDefinition,
} from './report-screen';
export { reportAuditedNote, reportFilter, reportPagination, reportParts } from './report-parts';
export type { ReportParts, ReportTableDefinition } from './report-parts';
export { statisticsFilter, StatisticsFilterBar, withinDays } from './statistics-filter-bar';
export type { StatisticsField, StatisticsFilterOptions } from './statistics-filter-bar';
export { statisticsFactorName, statisticsRowColumns } from './statistics-columns';
export { withSelectedProject } from './report-query';
export type { ReportCalls, ReportFilters } from './report-query';
