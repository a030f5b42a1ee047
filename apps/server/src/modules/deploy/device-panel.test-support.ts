import type { Page, Resource, Role } from '@envmon/shared';
import { call, login, query, type TestApp } from '../../test/harness.js';

/**
 * What the device-panel medium tests (deploy, factor, virtual device) share: devices written
 * straight to the table (the device API is tested on its own) and users holding chosen codes.
 */
export async function insertDevice(
  t: TestApp,
  deviceCode: string,
  options: { ifValid?: number } = {},
): Promise<number> {
  const now = t.clock.now();
  const { id } = await query(t, (db) =>
    db
      .insertInto('devices')
      .values({
        deviceName: `Station ${deviceCode}`,
        deviceCode,
        deviceType: '21',
        password: null,
        ifValid: options.ifValid ?? 1,
        projectId: null,
        lng: 114.1,
        lat: 22.5,
        installName: null,
        installDate: null,
        installAddress: null,
        installPicId: null,
        installPhoto: null,
        contactCompany: null,
        contactPerson: null,
        contactPhone: null,
        maintainId: null,
        weather: null,
        remark: null,
        preserve02: null,
        preserve03: null,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return id;
}

/** Signs in a new user whose one role holds exactly `codes`, bound to `deviceCodes`. */
export async function userWith(
  t: TestApp,
  admin: string,
  userName: string,
  codes: readonly string[],
  deviceCodes: readonly string[] = [],
): Promise<string> {
  const resources = (
    await call<Page<Resource>>(t.app, admin, 'GET', '/manager/system/resource/rest/getAll', {
      query: { pageSize: '1000' },
    })
  ).list;
  const resourceIds = codes.map((code) => {
    const found = resources.find((r) => r.resCode === code);
    if (!found) throw new Error(`no resource ${code}`);
    return found.id;
  });
  const role = await call<Role>(t.app, admin, 'POST', '/manager/system/role/rest/add', {
    payload: { roleName: `role-of-${userName}`, resourceIds },
  });
  const password = 'Panel@1234';
  await call(t.app, admin, 'POST', '/manager/system/user/rest/add', {
    payload: { userName, name: userName, password, roleIds: [role.id], deviceCodes },
  });
  return login(t.app, userName, password);
}
