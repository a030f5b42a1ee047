import { lazy } from 'react';

/**
 * The gallery domain's public surface: the template routes (fixed, admin only) and their paths,
 * which the router, the navigation guard and the header's entry read.
 */
export const GalleryComponentsPage = lazy(() => import('./pages/components-page'));
export const GalleryChartsPage = lazy(() => import('./pages/charts-page'));
export const GalleryTablePage = lazy(() => import('./pages/table-page'));
export const NestedMenuLayout = lazy(() => import('./pages/nested-layout'));
export const NestedMenuPage = lazy(() => import('./pages/nested-page'));
export { GALLERY_PATHS, GALLERY_VIEW_TITLES, isGalleryPath, nestedLeaves } from './paths';
