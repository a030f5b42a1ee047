import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { AuthRedirectPage, LoginPage, OAuthPage, PasswordPage } from '../../features/auth';
import { DocumentationPage, GuidePage } from '../../features/docs';
import type * as ErrorsIndex from '../../features/errors';
import {
  GALLERY_PATHS,
  GalleryChartsPage,
  GalleryComponentsPage,
  GalleryTablePage,
  NestedMenuLayout,
  NestedMenuPage,
  nestedLeaves,
} from '../../features/gallery';
import { lazyPage } from '../../lib/lazy-page';
import { PublicFrame } from '../layout/public-frame';
import { AuthGate } from './auth-gate';
import { NOT_FOUND_PATH } from './guard';
import { loadShell } from './load-shell';
import { RedirectPage } from './redirect-page';
import { RouteErrors } from './route-errors';

// The signed-in console (layout, menu routes) and the error screens load when shown, not with the login page.
const MainLayout = lazy(() => loadShell().then((m) => ({ default: m.MainLayout })));
const MenuRoutes = lazy(() => loadShell().then((m) => ({ default: m.MenuRoutes })));
type ErrorsDomain = typeof ErrorsIndex;

/** A screen of the errors domain, whose index (the error log's table with it) loads when one is shown. */
function errorScreen(pick: (domain: ErrorsDomain) => ComponentType) {
  return lazy(async () => {
    // The domain's screens may be lazy components themselves, which React.lazy cannot resolve to.
    const Screen = pick(await import('../../features/errors'));
    return { default: () => <Screen /> };
  });
}
const NotFoundPage = errorScreen((errors) => errors.NotFoundPage);
const UnauthorizedPage = errorScreen((errors) => errors.UnauthorizedPage);
const HomePage = lazyPage(() => import('../pages/home-page'));
const DashboardScreen = lazyPage(() => import('../pages/dashboard-screen'));

function load(Page: LazyExoticComponent<ComponentType>, fullscreen = false) {
  return (
    <Suspense fallback={<PageLoading fullscreen={fullscreen} />}>
      <Page />
    </Suspense>
  );
}

/**
 * The fixed routes of SPEC section 2. Everything under the guard; the generated routes of the
 * user's menu are matched last, inside the layout, by <MenuRoutes>.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrors>
        <AuthGate />
      </RouteErrors>
    ),
    children: [
      { path: 'login', element: <PublicFrame>{load(LoginPage, true)}</PublicFrame> },
      { path: 'oauth', element: <PublicFrame>{load(OAuthPage, true)}</PublicFrame> },
      { path: 'auth-redirect', element: <PublicFrame>{load(AuthRedirectPage, true)}</PublicFrame> },
      { path: '404', element: load(NotFoundPage, true) },
      { path: '401', element: load(UnauthorizedPage, true) },
      { path: 'dashboard/index', element: load(DashboardScreen, true) },
      {
        element: load(MainLayout, true),
        children: [
          // The guard lands '/' on the first generated route before this renders.
          { index: true, element: <PageLoading /> },
          { path: 'index', element: load(HomePage) },
          { path: 'pwd', element: load(PasswordPage) },
          { path: 'pwd/index', element: load(PasswordPage) },
          { path: 'documentation/index', element: load(DocumentationPage) },
          { path: 'guide/index', element: load(GuidePage) },
          // The template gallery (admins only: the guard's fixedRouteRoles).
          { path: GALLERY_PATHS.components.slice(1), element: load(GalleryComponentsPage) },
          { path: GALLERY_PATHS.charts.slice(1), element: load(GalleryChartsPage) },
          { path: GALLERY_PATHS.table.slice(1), element: load(GalleryTablePage) },
          {
            path: GALLERY_PATHS.nested.slice(1),
            element: load(NestedMenuLayout),
            children: [
              { index: true, element: <Navigate to={nestedLeaves()[0]?.path ?? GALLERY_PATHS.components} replace /> },
              ...nestedLeaves().map((leaf) => ({ path: leaf.trail.join('/'), element: load(NestedMenuPage) })),
              // A branch (/nested/menu1) or a mistyped page is no page of the example.
              { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
            ],
          },
          { path: 'redirect/*', element: <RedirectPage /> },
          { path: '*', element: load(MenuRoutes) },
        ],
      },
    ],
  },
];

/**
 * The routes, matched in the browser's history by <BrowserRouter> (apps/web/src/app/app.tsx): no route loads
 * data before it renders, so react-router's data router (loaders, actions, fetchers) would only add weight to
 * every first download (scripts/bundle-budget.mjs).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
