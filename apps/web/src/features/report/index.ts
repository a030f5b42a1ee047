import { lazy } from 'react';

/**
 * The report domain's public surface. Screens: report.<screen> → ./<screen>/pages, each page a
 * ReportScreenDefinition (filter bar, read, export URL, chart and tables) drawn by the one ReportScreen
 * (./components/report-screen.tsx); what the screens share (filter bars, layout, chart, columns, export)
 * is ./components.
 */
export const ReportSingleStationPage = lazy(() => import('./single-station/pages/report-single-station-page'));
export const ReportMultiStationPage = lazy(() => import('./multi-station/pages/report-multi-station-page'));
export const ReportContrastPage = lazy(() => import('./contrast/pages/report-contrast-page'));
export const ReportTransmissionPage = lazy(() => import('./transmission/pages/report-transmission-page'));
export const ReportIsotopePage = lazy(() => import('./isotope/pages/report-isotope-page'));
export const ReportOdorRosePage = lazy(() => import('./odor-rose/pages/report-odor-rose-page'));
export const ReportFactorBarPage = lazy(() => import('./factor-bar/pages/report-factor-bar-page'));
export const ReportRadarPage = lazy(() => import('./radar/pages/report-radar-page'));
export const ReportSummaryPage = lazy(() => import('./summary/pages/report-summary-page'));
