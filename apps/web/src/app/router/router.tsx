import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { AuthRedirectPage, LoginPage, OAuthPage, PasswordPage } from '../../features/auth';
import { DocumentationPage, GuidePage } from '../../features/docs';
import { NotFoundPage, RouteErrorPage, UnauthorizedPage } from '../../features/errors';
import { MainLayout } from '../layout/main-layout';
import { PublicFrame } from '../layout/public-frame';
import { AuthGate } from './auth-gate';
import { MenuRoutes } from './menu-routes';
import { RedirectPage } from './redirect-page';

const HomePage = lazy(() => import('../pages/home-page'));
const DashboardScreen = lazy(() => import('../pages/dashboard-screen'));

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
    element: <AuthGate />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'login', element: <PublicFrame>{load(LoginPage, true)}</PublicFrame> },
      { path: 'oauth', element: <PublicFrame>{load(OAuthPage, true)}</PublicFrame> },
      { path: 'auth-redirect', element: <PublicFrame>{load(AuthRedirectPage, true)}</PublicFrame> },
      { path: '404', element: load(NotFoundPage, true) },
      { path: '401', element: load(UnauthorizedPage, true) },
      { path: 'dashboard/index', element: load(DashboardScreen, true) },
      {
        element: <MainLayout />,
        children: [
          // The guard lands '/' on the first generated route before this renders.
          { index: true, element: <PageLoading /> },
          { path: 'index', element: load(HomePage) },
          { path: 'pwd', element: load(PasswordPage) },
          { path: 'pwd/index', element: load(PasswordPage) },
          { path: 'documentation/index', element: load(DocumentationPage) },
          { path: 'guide/index', element: load(GuidePage) },
          { path: 'redirect/*', element: <RedirectPage /> },
          { path: '*', element: <MenuRoutes /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
