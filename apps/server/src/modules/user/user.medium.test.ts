import { ADMIN_ROLE, CRUD, MESSAGES, RESOURCE_ACTION, type Page, type User, type UserInfo } from '@envmon/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../crud/crud.export.js';
import { ADMIN_PASSWORD, body, call, downloadWorkbook, login, useTestApp } from '../../test/harness.js';

const USER = '/manager/system/user/rest';
const ROLE = '/manager/system/role/rest';

describe('users', () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  const add = (payload: Record<string, unknown>) =>
    t().app.inject({ method: 'POST', url: `${USER}/add`, payload, headers: { token: admin } });

  it("returns the admin's user info: roles with every resource, action 2 dropped, device codes", async () => {
    const info = await call<UserInfo>(t().app, admin, 'GET', `${USER}/getByToken`);
    expect(info).toMatchObject({ userName: 'admin', avatar: null, nackName: null, deviceCodes: [] });
    expect(info.userId).toBeTypeOf('number');
    expect(info.roles.map((r) => r.roleName)).toEqual(['admin']);
    const resources = info.roles[0]?.resourceList ?? [];
    expect(resources.map((r) => r.resCode)).toContain('system.user:write');
    expect(resources.every((r) => r.action !== RESOURCE_ACTION.excluded)).toBe(true);
    const order = resources.map((r) => [r.module, r.childModule]);
    expect(order).toEqual([...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
  });

  it('refuses user info to a user without roles', async () => {
    await call(t().app, admin, 'POST', `${USER}/add`, {
      payload: { userName: 'roleless', name: 'No roles', password: 'Roleless@1' },
    });
    const token = await login(t().app, 'roleless', 'Roleless@1');
    const response = await t().app.inject({ url: `${USER}/getByToken`, headers: { token } });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: -1, code: '000001', desc: MESSAGES.noRoles });
  });

  it('adds, reads, lists, updates and deletes a user with roles and device codes', async () => {
    const { app } = t();
    const created = await call<User>(app, admin, 'POST', `${USER}/add`, {
      payload: {
        userName: 'alice',
        name: 'Alice',
        password: 'Alice@123',
        phone: '13800138000',
        email: '',
        roleIds: [1],
        deviceCodes: ['DEV-2', 'DEV-1', 'DEV-1'],
      },
    });
    expect(created).toMatchObject({ userName: 'alice', email: null, ifValid: 1, builtIn: false, roleIds: [1] });
    // The list shows the roles by name (issue 14: not '1').
    expect(created.roleNames).toEqual([ADMIN_ROLE]);
    expect(created.deviceCodes).toEqual(['DEV-1', 'DEV-2']);
    expect(created).not.toHaveProperty('passwordHash');

    expect(await call<User>(app, admin, 'GET', `${USER}/get`, { query: { id: String(created.id) } })).toEqual(created);

    const page = await call<Page<User>>(app, admin, 'GET', `${USER}/getAll`, {
      query: { pageNum: '1', pageSize: '10', userName: 'ALI', ifValid: '' },
    });
    expect(page).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(page.list.map((u) => u.userName)).toEqual(['alice']);

    const updated = await call<User>(app, admin, 'POST', `${USER}/update`, {
      payload: { id: created.id, userName: 'alice', name: 'Alice B', roleIds: [], deviceCodes: ['DEV-9'] },
    });
    expect(updated).toMatchObject({ name: 'Alice B', roleIds: [], roleNames: [], deviceCodes: ['DEV-9'] });
    // The password was left out, so it still works.
    await login(app, 'alice', 'Alice@123');

    expect(await call(app, admin, 'GET', `${USER}/delete`, { query: { id: String(created.id) } })).toBeNull();
    const gone = await app.inject({ url: `${USER}/get`, query: { id: String(created.id) }, headers: { token: admin } });
    expect(body(gone).desc).toBe(MESSAGES.notFound);
  });

  it('refuses a duplicate user name and reports it through checkUserNameUnique', async () => {
    const { app } = t();
    const first = await call<User>(app, admin, 'POST', `${USER}/add`, {
      payload: { userName: 'bob', name: 'Bob', password: 'Bob@1234' },
    });
    expect(body(await add({ userName: 'bob', name: 'Bob 2', password: 'Bob@1234' })).desc).toBe(MESSAGES.userNameTaken);
    const check = (query: Record<string, string>) =>
      call<boolean>(app, admin, 'GET', `${USER}/checkUserNameUnique`, { query });
    expect(await check({ userName: 'bob' })).toBe(false);
    expect(await check({ userName: 'bob', id: String(first.id) })).toBe(true);
    expect(await check({ userName: 'carol' })).toBe(true);
  });

  it('answers invalid input with HTTP 400 naming the field', async () => {
    const response = await add({ userName: 'dave', name: 'Dave', password: 'Dave@123', phone: '12345' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ status: -1, code: '000001' });
    expect(body(response).desc).toMatch(new RegExp(`^${MESSAGES.invalidInput}手机号码：`));
    expect((await add({ userName: 'dave', password: 'Dave@123' })).statusCode).toBe(400);
    expect((await add({ userName: 'dave', name: 'Dave', password: 'short' })).statusCode).toBe(400);
  });

  it('refuses unknown role ids', async () => {
    expect(body(await add({ userName: 'erin', name: 'Erin', password: 'Erin@123', roleIds: [999] })).desc).toBe(
      MESSAGES.notFound,
    );
  });

  it('protects the built-in admin from deletion and renaming', async () => {
    const { app } = t();
    const page = await call<Page<User>>(app, admin, 'GET', `${USER}/getAll`, { query: { userName: 'admin' } });
    const adminUser = page.list.find((u) => u.userName === 'admin');
    expect(adminUser?.builtIn).toBe(true);
    const id = String(adminUser?.id);
    const del = await app.inject({ url: `${USER}/delete`, query: { id }, headers: { token: admin } });
    expect(body(del).desc).toBe(MESSAGES.builtInProtected);
    const rename = await app.inject({
      method: 'POST',
      url: `${USER}/update`,
      payload: { id: adminUser?.id, userName: 'root', name: 'x', roleIds: [1] },
      headers: { token: admin },
    });
    expect(body(rename).desc).toBe(MESSAGES.builtInReadOnly);
  });

  it('exports the filtered list as xlsx through a ticketed link, never with the token in the url', async () => {
    const { app } = t();
    expect(await call(app, admin, 'GET', `${USER}/getAll`, { query: { exportSpecialFlag: '1' } })).toBeNull();

    const link = async (query: Record<string, string>) =>
      (
        await call<{ url: string }>(app, admin, 'GET', `${USER}/export`, {
          query: { exportSpecialFlag: '1', ...query },
        })
      ).url;
    const url = await link({ userName: 'admin' });
    expect(url).not.toContain(admin);
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{14}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(CRUD.user.columns.map((c) => translate(c.label, 'zh-CN') ?? c.name));
    const rows = (sheet?.getSheetValues() ?? []).slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe('admin');
    // The validity flag is written as its label, the roles by their names.
    expect(rows[0]).toContain('有效');
    expect(rows[0]?.[CRUD.user.columns.findIndex((c) => c.name === 'roleNames')]).toBe(ADMIN_ROLE);
    // The ticket works once.
    expect((await app.inject({ url })).statusCode).toBe(401);

    const english = await downloadWorkbook(app, await link({ lang: 'en-US', userName: 'admin' }));
    expect((english.worksheets[0]?.getRow(2).values as unknown[]).slice(1)).toContain('Valid');
    // The token alone opens nothing.
    expect((await app.inject({ url: `${USER}/export/download`, query: { token: admin } })).statusCode).toBe(400);
  });

  it('writes add calls to the operation log with the password masked', async () => {
    const { app } = t();
    await call(app, admin, 'POST', `${USER}/add`, {
      payload: { userName: 'frank', name: 'Frank', password: 'Secret@Frank1' },
    });
    const logs = await call<Page<{ userName: string; url: string; params: string; status: number; ip: string }>>(
      app,
      admin,
      'GET',
      '/manager/system/log/rest/get',
      { query: { url: '/user/rest/add', pageSize: '100' } },
    );
    const entry = logs.list.find((l) => l.params.includes('frank'));
    expect(entry).toMatchObject({ userName: 'admin', url: `${USER}/add`, status: 200, ip: '127.0.0.1' });
    expect(entry?.params).not.toContain('Secret@Frank1');
    expect(JSON.parse(entry?.params ?? '{}')).toMatchObject({ userName: 'frank', password: '******' });
  });

  it('changes the password with query parameters; the new one signs in, other sessions end', async () => {
    const { app } = t();
    await call(app, admin, 'POST', `${USER}/add`, {
      payload: { userName: 'grace', name: 'Grace', password: 'Grace@old1', roleIds: [1] },
    });
    const token = await login(app, 'grace', 'Grace@old1');
    const otherSession = await login(app, 'grace', 'Grace@old1');
    const change = (oldPassword: string, newPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/manager/system/password/rest/change',
        query: { oldPassword, newPassword },
        headers: { token },
      });

    expect(body(await change('wrong-old', 'Grace@new1')).desc).toBe(MESSAGES.oldPasswordWrong);
    expect(body(await change('Grace@old1', 'Grace@new1')).status).toBe(200);

    await login(app, 'grace', 'Grace@new1');
    const old = await app.inject({
      method: 'POST',
      url: '/manager/system/login/rest/login',
      payload: { userName: 'grace', password: 'Grace@old1' },
    });
    expect(body(old).desc).toBe(MESSAGES.loginWrongCredentials);
    expect((await app.inject({ url: `${USER}/getByToken`, headers: { token } })).statusCode).toBe(200);
    expect((await app.inject({ url: `${USER}/getByToken`, headers: { token: otherSession } })).statusCode).toBe(401);

    // The passwords travelled in the query string: the log keeps neither.
    const logs = await call<Page<{ url: string; params: string }>>(app, admin, 'GET', '/manager/system/log/rest/get', {
      query: { url: 'password' },
    });
    expect(logs.total).toBe(2);
    for (const entry of logs.list) {
      expect(entry.url).toBe('/manager/system/password/rest/change');
      expect(entry.params).not.toMatch(/Grace@/);
    }
  });

  it('shows roles in user info once assigned, and a role without resources keeps an empty list', async () => {
    const { app } = t();
    const role = await call<{ id: number }>(app, admin, 'POST', `${ROLE}/add`, { payload: { roleName: 'empty-role' } });
    await call(app, admin, 'POST', `${USER}/add`, {
      payload: { userName: 'henry', name: 'Henry', password: 'Henry@123', roleIds: [role.id], deviceCodes: ['D-1'] },
    });
    const info = await call<UserInfo>(app, await login(app, 'henry', 'Henry@123'), 'GET', `${USER}/getByToken`);
    expect(info.roles).toEqual([{ id: role.id, roleName: 'empty-role', resourceList: [] }]);
    expect(info.deviceCodes).toEqual(['D-1']);
  });
});
