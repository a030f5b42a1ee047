import { lazy } from 'react';

/** The realtime domain's public surface. Screens: realtime.<screen> → ./<screen>/pages (realtime.dashboard is a fixed route). */
export const RealtimeDataPage = lazy(() => import('./data/pages/realtime-data-page'));
export const RealtimeChartPage = lazy(() => import('./chart/pages/realtime-chart-page'));
export const RealtimeOverflowPage = lazy(() => import('./overflow/pages/realtime-overflow-page'));
export const RealtimeWaterPage = lazy(() => import('./water/pages/realtime-water-page'));
