import { lazy } from 'react';

/** The query domain's public surface. Screens: query.<screen> → ./<screen>/pages. */
export const QueryHistoryPage = lazy(() => import('./history/pages/query-history-page'));
export const QueryOriginalPage = lazy(() => import('./original/pages/query-original-page'));
export const QueryGatherPage = lazy(() => import('./gather/pages/query-gather-page'));
export const QueryAiPage = lazy(() => import('./ai/pages/query-ai-page'));
export const QueryOtherPage = lazy(() => import('./other/pages/query-other-page'));
export const QueryVideoPage = lazy(() => import('./video/pages/query-video-page'));
