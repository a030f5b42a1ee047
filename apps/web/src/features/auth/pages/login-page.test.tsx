// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAILURE_CODE, FAILURE_STATUS, LIMITS, SUCCESS_CODE, SUCCESS_STATUS } from '@envmon/shared';
import { installAntdShims } from '../../../test/render';
import LoginPage from './login-page';

beforeAll(installAntdShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function respond(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
}

/** The server: no OAuth in the config; every sign-in refused with the spec's message. */
function refusingServer() {
  return vi.fn((url: string, _init?: RequestInit) =>
    url.includes('/config/')
      ? respond({ status: SUCCESS_STATUS, code: SUCCESS_CODE, desc: '', data: { oauth: { enabled: false } } })
      : respond({ status: FAILURE_STATUS, code: FAILURE_CODE, desc: '用户名或密码错误！', data: null }),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const submit = () => fireEvent.click(screen.getByRole('button', { name: /登录/ }));
const loginCalls = (fetch: ReturnType<typeof refusingServer>) =>
  fetch.mock.calls.filter(([url]) => url.includes('/login'));

describe('LoginPage', () => {
  it('asks for a user name that is more than spaces and for a password, and sends nothing until both are there', async () => {
    const fetch = refusingServer();
    vi.stubGlobal('fetch', fetch);
    renderPage();

    submit();
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['请输入用户名！', '请输入密码！']);
    expect(field('用户名').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field('用户名'), { target: { value: '   ' } });
    fireEvent.change(field('密码'), { target: { value: 'secret' } });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['请输入用户名！']);
    submit();
    expect(loginCalls(fetch)).toEqual([]);
  });

  it("sends the trimmed user name, shows the server's reason, and editing takes it away", async () => {
    const fetch = refusingServer();
    vi.stubGlobal('fetch', fetch);
    renderPage();

    fireEvent.change(field('用户名'), { target: { value: '  admin  ' } });
    fireEvent.change(field('密码'), { target: { value: 'wrong' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('用户名或密码错误！');
    const [call] = loginCalls(fetch);
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ userName: 'admin', password: 'wrong' });

    fireEvent.change(field('密码'), { target: { value: 'right' } });
    await waitFor(() => expect(screen.queryAllByRole('alert')).toEqual([]));
  });

  it("stops each box at the shared schema's length, and shows the server's reason for a longer value a script set", async () => {
    const reason = '参数错误！用户名：最多输入64位！';
    const fetch = vi.fn((url: string, _init?: RequestInit) =>
      url.includes('/config/')
        ? respond({ status: SUCCESS_STATUS, code: SUCCESS_CODE, desc: '', data: { oauth: { enabled: false } } })
        : respond({ status: FAILURE_STATUS, code: FAILURE_CODE, desc: reason, data: null }),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage();

    expect(field('用户名').maxLength).toBe(LIMITS.userNameMax);
    expect(field('密码').maxLength).toBe(LIMITS.loginPasswordMax);
    // Typing stops at the box's maxLength; a script or a paste can still set more.
    fireEvent.change(field('用户名'), { target: { value: 'a'.repeat(LIMITS.userNameMax + 1) } });
    fireEvent.change(field('密码'), { target: { value: 'secret' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    expect(loginCalls(fetch)).toHaveLength(1);
  });
});
