import { lazyPage } from '../../lib/lazy-page';

/**
 * The gallery domain's public surface: the template routes (fixed, admin only) and their paths,
 * which the router, the navigation guard and the header's entry read.
 */
export const GalleryComponentsPage = lazyPage(() => import('./pages/components-page'));
export const GalleryChartsPage = lazyPage(() => import('./pages/charts-page'));
export const GalleryTablePage = lazyPage(() => import('./pages/table-page'));
export const NestedMenuLayout = lazyPage(() => import('./pages/nested-layout'));
export const NestedMenuPage = lazyPage(() => import('./pages/nested-page'));
export { GALLERY_PATHS, GALLERY_VIEW_TITLES, isGalleryPath, nestedLeaves } from './paths';
