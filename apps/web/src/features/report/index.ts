import { lazyPage } from '../../lib/lazy-page';

/**
 * The report domain's public surface. Screens: report.<screen> → ./<screen>/pages, each page a
 * ReportScreenDefinition drawn by the one ReportScreen (./components/report-screen.tsx): declared from the
 * report's calls (reportEndpoints.<name>, which give the read and the export) with defineReportScreen, or
 * with standardReportScreen for the screens comparing a device with its standards. What the screens share
 * (filter bars, layout, chart, columns, tables, export) is ./components.
 */
export const ReportSingleStationPage = lazyPage(() => import('./single-station/pages/report-single-station-page'));
export const ReportMultiStationPage = lazyPage(() => import('./multi-station/pages/report-multi-station-page'));
export const ReportContrastPage = lazyPage(() => import('./contrast/pages/report-contrast-page'));
export const ReportTransmissionPage = lazyPage(() => import('./transmission/pages/report-transmission-page'));
export const ReportIsotopePage = lazyPage(() => import('./isotope/pages/report-isotope-page'));
export const ReportOdorRosePage = lazyPage(() => import('./odor-rose/pages/report-odor-rose-page'));
export const ReportFactorBarPage = lazyPage(() => import('./factor-bar/pages/report-factor-bar-page'));
export const ReportRadarPage = lazyPage(() => import('./radar/pages/report-radar-page'));
export const ReportSummaryPage = lazyPage(() => import('./summary/pages/report-summary-page'));
