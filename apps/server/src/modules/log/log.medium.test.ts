import { MESSAGES, type OperationLog, type Page } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, login, useTestApp } from '../../test/harness.js';

const LOG = '/manager/system/log/rest/get';

describe('operation log', () => {
  const t = useTestApp();
  let admin: string;
  let start: number;

  beforeAll(async () => {
    const { app, clock } = t();
    start = clock.now();
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    clock.advance(1000);
    await app.inject({
      method: 'POST',
      url: '/manager/system/login/rest/login',
      payload: { userName: 'admin', password: 'nope' },
    });
    clock.advance(1000);
    const role = await call<{ id: number }>(app, admin, 'POST', '/manager/system/role/rest/add', {
      payload: { roleName: 'logged' },
    });
    clock.advance(1000);
    await call(app, admin, 'GET', '/manager/system/role/rest/delete', { query: { id: String(role.id) } });
    await app.inject({ method: 'POST', url: '/manager/system/role/rest/add', payload: { roleName: 'anon' } });
    // Reads are not logged.
    await call(app, admin, 'GET', '/manager/system/role/rest/getAll');
  });

  const list = (query: Record<string, string> = {}) => call<Page<OperationLog>>(t().app, admin, 'GET', LOG, { query });

  it('records mutating calls and GET deletes, newest first, but not reads', async () => {
    const page = await list();
    expect(page.list.map((l) => `${l.method} ${l.url}`)).toEqual([
      'POST /manager/system/role/rest/add',
      'GET /manager/system/role/rest/delete',
      'POST /manager/system/role/rest/add',
      'POST /manager/system/login/rest/login',
      'POST /manager/system/login/rest/login',
    ]);
    const [unauthenticated, deleted] = page.list;
    expect(unauthenticated).toMatchObject({ userName: null, status: -1, result: MESSAGES.notSignedIn });
    expect(deleted).toMatchObject({ userName: 'admin', status: 200 });
    expect(deleted?.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(deleted?.params ?? '{}')).toHaveProperty('id');
  });

  it('names the user a login signed in, and keeps failed logins with their reason', async () => {
    const logins = await list({ url: '/login/rest/login' });
    expect(logins.list.map((l) => [l.userName, l.status, l.result])).toEqual([
      [null, -1, MESSAGES.loginWrongCredentials],
      ['admin', 200, ''],
    ]);
  });

  it('filters by user name, outcome and time, and pages', async () => {
    expect((await list({ userName: 'adm' })).total).toBe(3);
    expect((await list({ success: '0' })).list.every((l) => l.status !== 200)).toBe(true);
    expect((await list({ success: '0' })).total).toBe(2);
    expect((await list({ success: '1' })).total).toBe(3);
    const window = await list({ beginTime: String(start + 500), endTime: String(start + 1500) });
    expect(window.list.map((l) => l.url)).toEqual(['/manager/system/login/rest/login']);
    const second = await list({ pageNum: '2', pageSize: '2' });
    expect(second).toMatchObject({ total: 5, pageNum: 2, pageSize: 2 });
    expect(second.list).toHaveLength(2);
  });
});
