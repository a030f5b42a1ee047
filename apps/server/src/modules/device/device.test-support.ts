import { type Device, type Page, type Resource, type Role, translate } from '@envmon/shared';
import { beforeAll } from 'vitest';
import { ADMIN_PASSWORD, call, login, useTestApp } from '../../test/harness.js';

/** What the device API medium tests share: the paths, a valid form, and the calls they make as admin or a chosen user. */

export const DEVICE = '/manager/system/device/rest';
export const SYNC = '/manager/system/device/setting/rest/sync';
export const INSTALLED = '/manager/system/user/rest/getInstalledDevs';
const USER = '/manager/system/user/rest';

/** The Chinese text of an i18n key: what desc names a field and its rule with. */
export function zh(key: string): string {
  const text = translate(key, 'zh-CN');
  if (text === null) throw new Error(`no text for ${key}`);
  return text;
}

/** A form that passes every rule of SPEC section 5. */
export function deviceInput(deviceCode: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    lng: 114.26,
    lat: 22.71,
    installName: '张工',
    installDate: Date.UTC(2026, 0, 1),
    installAddress: '深圳市龙岗区',
    contactCompany: '环境监测站',
    contactPerson: '李四',
    contactPhone: '13800138000',
    maintainId: 1,
    deviceName: `设备 ${deviceCode}`,
    deviceCode,
    deviceType: '21',
    intervalTime: 60,
    ...extra,
  };
}

/** One app for the file, the admin signed in before the tests, and the device calls (as admin unless a token is given). */
export function useDeviceApi() {
  const t = useTestApp();
  let admin = '';
  let resources: Resource[] = [];

  const resourceId = (code: string) => {
    const found = resources.find((r) => r.resCode === code);
    if (!found) throw new Error(`no resource ${code}`);
    return found.id;
  };

  /** A signed-in user with a role holding `codes` and bound to `deviceCodes`. */
  async function userWith(userName: string, codes: string[], deviceCodes: string[] = []): Promise<string> {
    const role = await call<Role>(t().app, admin, 'POST', '/manager/system/role/rest/add', {
      payload: { roleName: `role-${userName}`, resourceIds: codes.map(resourceId) },
    });
    await call(t().app, admin, 'POST', `${USER}/add`, {
      payload: { userName, name: userName, password: 'Device@123', roleIds: [role.id], deviceCodes },
    });
    return login(t().app, userName, 'Device@123');
  }

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    resources = (
      await call<Page<Resource>>(t().app, admin, 'GET', '/manager/system/resource/rest/getAll', {
        query: { pageSize: '1000' },
      })
    ).list;
  });

  return {
    t,
    /** The admin's token (signed in by the time the tests run). */
    admin: () => admin,
    userWith,
    add: (payload: Record<string, unknown>, token = admin) =>
      t().app.inject({ method: 'POST', url: `${DEVICE}/add`, payload, headers: { token } }),
    update: (payload: Record<string, unknown>, token = admin) =>
      t().app.inject({ method: 'POST', url: `${DEVICE}/update`, payload, headers: { token } }),
    remove: (id: number, token = admin) =>
      t().app.inject({ url: `${DEVICE}/delete`, query: { id: String(id) }, headers: { token } }),
    addDevice: (code: string, extra: Record<string, unknown> = {}) =>
      call<Device>(t().app, admin, 'POST', `${DEVICE}/add`, { payload: deviceInput(code, extra) }),
    list: (q: Record<string, string>, token = admin) =>
      call<Page<Device>>(t().app, token, 'GET', `${DEVICE}/getAll`, { query: q }),
  };
}
