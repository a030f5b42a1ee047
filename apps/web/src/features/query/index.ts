import { lazyPage } from '../../lib/lazy-page';

/** The query domain's public surface. Screens: query.<screen> → ./<screen>/pages. */
export const QueryHistoryPage = lazyPage(() => import('./history/pages/query-history-page'));
export const QueryOriginalPage = lazyPage(() => import('./original/pages/query-original-page'));
export const QueryGatherPage = lazyPage(() => import('./gather/pages/query-gather-page'));
export const QueryAiPage = lazyPage(() => import('./ai/pages/query-ai-page'));
export const QueryOtherPage = lazyPage(() => import('./other/pages/query-other-page'));
export const QueryVideoPage = lazyPage(() => import('./video/pages/query-video-page'));
