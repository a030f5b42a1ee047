import { Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { NotBuiltPage } from '../../components/not-built-page';
import { PageLoading } from '../../components/page-loading';
import { pageEntry } from '../../config/registry';
import { menuLabel, type MenuPage } from '../menu/build-menu';
import { usePreferences } from '../providers/preferences';
import { useSession } from '../session-context';
import { NOT_FOUND_PATH } from './guard';

function RegisteredPage({ page }: { page: MenuPage }) {
  const { language } = usePreferences();
  const Component = pageEntry(page.code)?.component;
  if (!Component) return <NotBuiltPage name={menuLabel(page, language)} code={page.code} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
}

/**
 * The routes generated from the user's menu (SPEC section 2 'Navigation guard': build routes from
 * the roles). A page of the console outside them was refused by the guard already (/401); any
 * other path is not found.
 */
export function MenuRoutes() {
  const { menu } = useSession();
  const routes: RouteObject[] = menu
    .flatMap((group) => group.pages)
    .filter((page) => !pageEntry(page.code)?.opensInNewTab)
    .map((page) => ({ path: page.path.slice(1), element: <RegisteredPage page={page} /> }));
  routes.push({ path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> });
  return useRoutes(routes);
}
