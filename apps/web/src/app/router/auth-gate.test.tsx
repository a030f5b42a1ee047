// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { FAILURE_CODE, FAILURE_STATUS, RESOURCE_ACTION, SUCCESS_CODE, SUCCESS_STATUS, type Resource, type UserInfo } from '@envmon/shared';
import { notifier } from '../../lib/notify';
import { tokenStore } from '../../lib/token';
import { AuthGate } from './auth-gate';
// The gate loads the shell (the registry, every domain's screens) on demand; imported here, that takes its time
// while the file loads rather than within the first test's limit.
import './shell';

function Where() {
  const location = useLocation();
  return <output>{location.pathname + location.search}</output>;
}

const resource = (id: number, resCode: string, resUrl: string, parentResId: number | null, module: number): Resource => ({
  id,
  resCode,
  resName: resCode,
  resNameEn: null,
  resUrl,
  parentResId,
  iconfont: null,
  module,
  childModule: id,
  resType: 1,
  action: RESOURCE_ACTION.menu,
  builtIn: true,
});

const operator: UserInfo = {
  userId: 2,
  userName: 'operator',
  name: 'Operator',
  avatar: null,
  nackName: null,
  deviceCodes: [],
  roles: [
    {
      id: 2,
      roleName: 'operator',
      resourceList: [
        resource(1, 'realtime', '/realtime', null, 1),
        resource(2, 'realtime.dashboard', 'dashboard', 1, 1),
        resource(3, 'realtime.data', 'data', 1, 1),
      ],
    },
  ],
};

function respond(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <AuthGate />, children: [{ path: '*', element: <Where /> }, { path: 'login', element: <Where /> }] }],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AuthGate', () => {
  it('sends a visitor without a token to /login with the page asked for', async () => {
    const router = renderAt('/system/user?tab=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/system/user?tab=1')}`);
  });

  it('loads user info and lands the root on the first generated page, skipping the new-tab dashboard', async () => {
    tokenStore.set('tok');
    vi.stubGlobal('fetch', vi.fn(() => respond({ status: SUCCESS_STATUS, code: SUCCESS_CODE, desc: '', data: operator })));
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/realtime/data'));
    expect(await screen.findByText('/realtime/data')).toBeTruthy();
  });

  it('refuses a console page outside the menu with /401 (replacing the entry) and leaves an unknown path to the not-found route', async () => {
    tokenStore.set('tok');
    vi.stubGlobal('fetch', vi.fn(() => respond({ status: SUCCESS_STATUS, code: SUCCESS_CODE, desc: '', data: operator })));
    const refused = renderAt('/system/user');
    await waitFor(() => expect(refused.state.location.pathname).toBe('/401'));
    expect(refused.state.location.search).toBe('?noGoBack=true');
    // Replaced, not pushed: Back does not return to the refused page to be refused again.
    expect(refused.state.historyAction).toBe('REPLACE');
    cleanup();

    for (const path of ['/alarm/list/', '/settings/threshold']) {
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
      cleanup();
    }

    // The user's own page and a path that is no page of the console are not refused.
    for (const path of ['/realtime/data', '/system/nothing-here']) {
      const router = renderAt(path);
      expect(await screen.findByText(path)).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
      cleanup();
    }
  });

  it('logs out with the server reason when user info fails', async () => {
    tokenStore.set('tok');
    const error = vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => respond({ status: FAILURE_STATUS, code: FAILURE_CODE, desc: 'no roles for you' })));
    const router = renderAt('/realtime/data');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(tokenStore.get()).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toBe('no roles for you');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/realtime/data')}`);
  });
});
