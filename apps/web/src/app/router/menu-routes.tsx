import { Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { pageEntry } from '../../config/registry';
import type { MenuPage } from '../menu/build-menu';
import { useSession } from '../session-context';
import { NOT_FOUND_PATH } from './guard';

/** A menu page's route: its screen, or — for one the menu opens in a new tab — that tab's fixed route. */
function menuRoute(page: MenuPage): RouteObject {
  const entry = pageEntry(page.code);
  const Screen = entry?.component;
  return {
    path: page.path.slice(1),
    element: Screen ? (
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    ) : (
      <Navigate to={entry?.opensInNewTab ?? NOT_FOUND_PATH} replace />
    ),
  };
}

/**
 * The routes generated from the user's menu (SPEC section 2 'Navigation guard': build routes from
 * the roles). A page of the console outside them was refused by the guard already (/401); any
 * other path is not found. The menu's path of a page it opens in a new tab (the monitoring wall) leads
 * there too, so a bookmark or a typed address of it is not a 404.
 */
export function MenuRoutes() {
  const { menu } = useSession();
  const routes: RouteObject[] = menu.flatMap((group) => group.pages).map(menuRoute);
  routes.push({ path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> });
  return useRoutes(routes);
}
