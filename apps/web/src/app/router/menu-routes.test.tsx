// @vitest-environment jsdom
import type { UserInfo } from '@envmon/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DASHBOARD_PATH } from '../../config/registry';
import type { MenuGroup, MenuPage } from '../menu/build-menu';
import { type Session, SessionProvider } from '../session-context';
import { MenuRoutes } from './menu-routes';
import { NOT_FOUND_PATH } from './guard';

function Where() {
  const location = useLocation();
  return <output>{location.pathname}</output>;
}

const page = (id: number, code: string, path: string): MenuPage => ({
  id,
  code,
  path,
  name: code,
  nameEn: null,
  icon: null,
  groupCode: 'realtime',
});

const menu: MenuGroup[] = [
  {
    id: 1,
    code: 'realtime',
    path: '/realtime',
    name: 'realtime',
    nameEn: null,
    icon: null,
    pages: [page(2, 'realtime.dashboard', '/realtime/dashboard')],
  },
];

const session: Session = {
  user: { userId: 2, userName: 'operator', name: 'Operator', roles: [] } as unknown as UserInfo,
  roleNames: ['operator'],
  isAdmin: false,
  menu,
  codes: new Set(['realtime.dashboard']),
  landingPath: null,
};

/** The console's fixed wall route and 404 beside the menu's routes, as router.tsx has them. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: DASHBOARD_PATH, element: <Where /> },
      { path: NOT_FOUND_PATH, element: <Where /> },
      { path: '*', element: <MenuRoutes /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider value={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

afterEach(cleanup);

describe('MenuRoutes', () => {
  it('leads the menu path of a page opened in a new tab (the monitoring wall) to its fixed route, replacing the entry', async () => {
    const router = renderAt('/realtime/dashboard');
    expect(await screen.findByText(DASHBOARD_PATH)).toBeTruthy();
    expect(router.state.location.pathname).toBe(DASHBOARD_PATH);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a path outside the menu to the not-found page', async () => {
    const router = renderAt('/realtime/nothing-here');
    expect(await screen.findByText(NOT_FOUND_PATH)).toBeTruthy();
    expect(router.state.location.pathname).toBe(NOT_FOUND_PATH);
  });
});
