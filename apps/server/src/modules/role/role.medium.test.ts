import { MESSAGES, RESOURCE_ACTION, type Page, type Resource, type Role, type UserInfo } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, useTestApp } from '../../test/harness.js';

const ROLE = '/manager/system/role/rest';
const RESOURCE = '/manager/system/resource/rest';

describe('roles', () => {
  const t = useTestApp();
  let admin: string;
  let resources: Resource[];
  const byCode = (code: string) => {
    const found = resources.find((r) => r.resCode === code);
    if (!found) throw new Error(`no resource ${code}`);
    return found;
  };

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    resources = (
      await call<Page<Resource>>(t().app, admin, 'GET', `${RESOURCE}/getAll`, { query: { pageSize: '1000' } })
    ).list;
  });

  it('adds a role with resources, reads it back, and lists its resources in menu order via getByRole', async () => {
    const { app } = t();
    const ids = [byCode('system.user').id, byCode('system').id, byCode('system.user:write').id];
    const role = await call<Role>(app, admin, 'POST', `${ROLE}/add`, {
      payload: { roleName: 'user-admins', remark: 'manages users', resourceIds: ids },
    });
    expect(role).toMatchObject({ roleName: 'user-admins', remark: 'manages users', builtIn: false });
    expect(role.resourceIds).toEqual([...ids].sort((a, b) => a - b));
    expect(await call<Role>(app, admin, 'GET', `${ROLE}/get`, { query: { id: String(role.id) } })).toEqual(role);

    const listed = await call<Resource[]>(app, admin, 'GET', `${RESOURCE}/getByRole`, {
      query: { roleId: String(role.id) },
    });
    expect(listed.map((r) => r.resCode)).toEqual(['system', 'system.user', 'system.user:write']);
  });

  it('lists roles paged and filtered by name', async () => {
    const page = await call<Page<Role>>(t().app, admin, 'GET', `${ROLE}/getAll`, { query: { roleName: 'ADM' } });
    expect(page.list.map((r) => r.roleName).sort()).toEqual(['admin', 'user-admins']);
    expect(page.total).toBe(2);
  });

  it('refuses duplicate names, unknown resources, and invalid input', async () => {
    const { app } = t();
    const add = (payload: unknown) =>
      app.inject({ method: 'POST', url: `${ROLE}/add`, payload: payload as object, headers: { token: admin } });
    expect(body(await add({ roleName: 'admin' })).desc).toBe(MESSAGES.roleNameTaken);
    expect(body(await add({ roleName: 'ghosts', resourceIds: [99999] })).desc).toBe(MESSAGES.notFound);
    expect((await add({ roleName: '' })).statusCode).toBe(400);
    expect((await add({ roleName: 'x', resourceIds: ['a'] })).statusCode).toBe(400);
  });

  it('updates a role and its resources; the change reaches the permission check at once', async () => {
    const { app } = t();
    const role = await call<Role>(app, admin, 'POST', `${ROLE}/add`, {
      payload: { roleName: 'log-readers', resourceIds: [byCode('system').id] },
    });
    await call(app, admin, 'POST', '/manager/system/user/rest/add', {
      payload: { userName: 'reader', name: 'Reader', password: 'Reader@123', roleIds: [role.id] },
    });
    const reader = await login(app, 'reader', 'Reader@123');
    const readLog = () => app.inject({ url: '/manager/system/log/rest/get', headers: { token: reader } });
    expect((await readLog()).statusCode).toBe(403);

    const updated = await call<Role>(app, admin, 'POST', `${ROLE}/update`, {
      payload: { id: role.id, roleName: 'log-readers', resourceIds: [byCode('system').id, byCode('system.log').id] },
    });
    expect(updated.resourceIds).toHaveLength(2);
    expect((await readLog()).statusCode).toBe(200);
  });

  it('drops excluded resources (action 2) from user info and from what they permit', async () => {
    const { app } = t();
    const excluded = await call<Resource>(app, admin, 'POST', `${RESOURCE}/add`, {
      payload: { resCode: 'x.hidden', resName: 'Hidden', resType: 20, action: RESOURCE_ACTION.excluded },
    });
    const role = await call<Role>(app, admin, 'POST', `${ROLE}/add`, {
      payload: { roleName: 'with-excluded', resourceIds: [excluded.id, byCode('system').id] },
    });
    await call(app, admin, 'POST', '/manager/system/user/rest/add', {
      payload: { userName: 'excluder', name: 'E', password: 'Excluder@1', roleIds: [role.id] },
    });
    const info = await call<UserInfo>(
      app,
      await login(app, 'excluder', 'Excluder@1'),
      'GET',
      '/manager/system/user/rest/getByToken',
    );
    expect(info.roles[0]?.resourceList.map((r) => r.resCode)).toEqual(['system']);
  });

  it('protects the built-in admin role: no delete, no rename', async () => {
    const { app } = t();
    const adminRole = (
      await call<Page<Role>>(app, admin, 'GET', `${ROLE}/getAll`, { query: { roleName: 'admin' } })
    ).list.find((r) => r.roleName === 'admin');
    expect(adminRole?.builtIn).toBe(true);
    const del = await app.inject({
      url: `${ROLE}/delete`,
      query: { id: String(adminRole?.id) },
      headers: { token: admin },
    });
    expect(body(del).desc).toBe(MESSAGES.builtInProtected);
    const rename = await app.inject({
      method: 'POST',
      url: `${ROLE}/update`,
      payload: { id: adminRole?.id, roleName: 'root', resourceIds: [] },
      headers: { token: admin },
    });
    expect(body(rename).desc).toBe(MESSAGES.builtInReadOnly);
  });

  it('refuses to delete a role still assigned to users, and deletes it once free', async () => {
    const { app } = t();
    const role = await call<Role>(app, admin, 'POST', `${ROLE}/add`, { payload: { roleName: 'temporary' } });
    const user = await call<{ id: number }>(app, admin, 'POST', '/manager/system/user/rest/add', {
      payload: { userName: 'temp-user', name: 'T', password: 'Temp@1234', roleIds: [role.id] },
    });
    const del = () => app.inject({ url: `${ROLE}/delete`, query: { id: String(role.id) }, headers: { token: admin } });
    expect(body(await del()).desc).toBe(MESSAGES.inUse);
    await call(app, admin, 'GET', '/manager/system/user/rest/delete', { query: { id: String(user.id) } });
    expect(body(await del()).status).toBe(200);
  });

  it('lets the user page read roles and the role page read resources, but nothing more', async () => {
    const { app } = t();
    const signInWith = async (userName: string, code: string) => {
      const role = await call<Role>(app, admin, 'POST', `${ROLE}/add`, {
        payload: { roleName: `only-${code}`, resourceIds: [byCode(code).id] },
      });
      await call(app, admin, 'POST', '/manager/system/user/rest/add', {
        payload: { userName, name: userName, password: 'Keeper@123', roleIds: [role.id] },
      });
      const token = await login(app, userName, 'Keeper@123');
      return (url: string) => app.inject({ url, query: { pageSize: '1000' }, headers: { token } });
    };
    const userKeeper = await signInWith('user-keeper', 'system.user');
    expect((await userKeeper(`${ROLE}/getAll`)).statusCode).toBe(200);
    expect((await userKeeper(`${RESOURCE}/getAll`)).statusCode).toBe(403);
    const roleKeeper = await signInWith('role-keeper', 'system.role');
    expect((await roleKeeper(`${RESOURCE}/getAll`)).statusCode).toBe(200);
    expect((await roleKeeper('/manager/system/user/rest/getAll')).statusCode).toBe(403);
    expect((await roleKeeper(`${RESOURCE}/delete?id=1`)).statusCode).toBe(403);
  });
});
