import { lazyPage } from '../../lib/lazy-page';

/** The realtime domain's public surface. Screens: realtime.<screen> → ./<screen>/pages (realtime.dashboard is a fixed route). */
export const RealtimeDataPage = lazyPage(() => import('./data/pages/realtime-data-page'), ['realtime']);
export const RealtimeChartPage = lazyPage(() => import('./chart/pages/realtime-chart-page'));
export const RealtimeOverflowPage = lazyPage(() => import('./overflow/pages/realtime-overflow-page'));
export const RealtimeWaterPage = lazyPage(() => import('./water/pages/realtime-water-page'));
