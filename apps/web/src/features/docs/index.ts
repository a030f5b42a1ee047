import { lazyPage } from '../../lib/lazy-page';

/** The docs domain's public surface: the documentation and guide screens (fixed routes). */
export const DocumentationPage = lazyPage(() => import('./pages/documentation-page'), ['docs']);
export const GuidePage = lazyPage(() => import('./pages/guide-page'), ['docs']);
