import { lazy } from 'react';

/** The docs domain's public surface: the documentation and guide screens (fixed routes). */
export const DocumentationPage = lazy(() => import('./pages/documentation-page'));
export const GuidePage = lazy(() => import('./pages/guide-page'));
