import { DEPLOY_TYPE, MESSAGES, type DeployClassify, type DeviceDeploy, type Page } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from './device-panel.test-support.js';

const CLASSIFY = '/manager/system/device/deploy/classify/rest';
const DEPLOY = '/manager/system/device/deploy/rest';

describe('deploy classify and grouping records', () => {
  const t = useTestApp();
  let admin: string;
  let deviceA: number;
  let deviceB: number;
  let deviceC: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    deviceA = await insertDevice(t(), 'DPA0001');
    deviceB = await insertDevice(t(), 'DPB0002');
    deviceC = await insertDevice(t(), 'DPC0003', { ifValid: 0 });
  });

  const inject = (method: 'GET' | 'POST', url: string, data: Record<string, unknown> = {}, token = admin) =>
    t().app.inject({
      method,
      url,
      headers: { token },
      ...(method === 'GET'
        ? { query: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])) }
        : { payload: data }),
    });
  const addGroup = (deployName: string, deployType: number) =>
    call<DeployClassify>(t().app, admin, 'POST', `${CLASSIFY}/add`, { payload: { deployName, deployType } });
  const projectOf = async (deviceId: number) =>
    (
      await query(t(), (db) =>
        db.selectFrom('devices').select('projectId').where('id', '=', deviceId).executeTakeFirstOrThrow(),
      )
    ).projectId;

  it('adds groups of both types; a name is unique within its type only', async () => {
    const project = await addGroup('北区项目', DEPLOY_TYPE.project);
    expect(project).toMatchObject({ deployName: '北区项目', deployNameEn: null, deployType: 1 });
    const address = await addGroup('北区项目', DEPLOY_TYPE.address);
    expect(address.deployType).toBe(2);
    const duplicate = await inject('POST', `${CLASSIFY}/add`, { deployName: '北区项目', deployType: 1 });
    expect(body(duplicate)).toMatchObject({ status: -1, desc: MESSAGES.deployNameTaken });
    expect((await inject('POST', `${CLASSIFY}/add`, { deployName: 'x', deployType: 3 })).statusCode).toBe(400);
    expect((await inject('POST', `${CLASSIFY}/add`, { deployName: ' ', deployType: 1 })).statusCode).toBe(400);
  });

  it('lists groups paged by type and name, and all of a type through findAll', async () => {
    await addGroup('南区项目', DEPLOY_TYPE.project);
    const page = await call<Page<DeployClassify>>(t().app, admin, 'GET', `${CLASSIFY}/getAll`, {
      query: { deployType: '1', pageSize: '1' },
    });
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    const named = await call<Page<DeployClassify>>(t().app, admin, 'GET', `${CLASSIFY}/getAll`, {
      query: { deployName: '南区' },
    });
    expect(named.list.map((g) => g.deployName)).toEqual(['南区项目']);
    const all = await call<DeployClassify[]>(t().app, admin, 'GET', `${CLASSIFY}/findAll`, {
      query: { deployType: '2' },
    });
    expect(all.map((g) => g.deployName)).toEqual(['北区项目']);
  });

  it('renames a group; refuses a taken name and an unknown id', async () => {
    const group = await addGroup('旧名称', DEPLOY_TYPE.project);
    const renamed = await call<DeployClassify>(t().app, admin, 'POST', `${CLASSIFY}/update`, {
      payload: { id: group.id, deployName: '新名称', deployNameEn: 'New name', deployType: 1 },
    });
    expect(renamed).toEqual({ id: group.id, deployName: '新名称', deployNameEn: 'New name', deployType: 1 });
    const taken = await inject('POST', `${CLASSIFY}/update`, { id: group.id, deployName: '南区项目', deployType: 1 });
    expect(body(taken).desc).toBe(MESSAGES.deployNameTaken);
    const unknown = await inject('POST', `${CLASSIFY}/update`, { id: 99999, deployName: 'y', deployType: 1 });
    expect(body(unknown).desc).toBe(MESSAGES.notFound);
  });

  it('puts devices in groups, one per type, and keeps devices.project_id in step', async () => {
    const north = await addGroup('项目甲', DEPLOY_TYPE.project);
    const south = await addGroup('项目乙', DEPLOY_TYPE.project);
    const street = await addGroup('街道甲', DEPLOY_TYPE.address);

    const record = await call<DeviceDeploy>(t().app, admin, 'POST', `${DEPLOY}/add`, {
      payload: { deviceId: deviceA, deployId: north.id },
    });
    expect(record).toMatchObject({ deployId: north.id, deployName: '项目甲', deployType: 1, deviceId: deviceA });
    expect(await projectOf(deviceA)).toBe(north.id);

    const second = await inject('POST', `${DEPLOY}/add`, { deviceId: deviceA, deployId: south.id });
    expect(body(second).desc).toBe(MESSAGES.deviceAlreadyGrouped);
    const again = await inject('POST', `${DEPLOY}/add`, { deviceId: deviceA, deployId: north.id });
    expect(body(again).desc).toBe(MESSAGES.deviceAlreadyGrouped);
    expect(body(await inject('POST', `${DEPLOY}/add`, { deviceId: 99999, deployId: north.id })).desc).toBe(
      MESSAGES.notFound,
    );
    expect(body(await inject('POST', `${DEPLOY}/add`, { deviceId: deviceA, deployId: 99999 })).desc).toBe(
      MESSAGES.notFound,
    );

    const address = await call<DeviceDeploy>(t().app, admin, 'POST', `${DEPLOY}/add`, {
      payload: { deviceId: deviceA, deployId: street.id },
    });
    expect(await projectOf(deviceA)).toBe(north.id);
    await call(t().app, admin, 'POST', `${DEPLOY}/add`, { payload: { deviceId: deviceB, deployId: south.id } });

    const byDevice = await call<DeviceDeploy[]>(t().app, admin, 'GET', `${DEPLOY}/getByDeviceId`, {
      query: { deviceId: String(deviceA) },
    });
    expect(byDevice.map((r) => [r.deployType, r.deployId])).toEqual([
      [1, north.id],
      [2, street.id],
    ]);
    expect(
      await call<DeviceDeploy>(t().app, admin, 'GET', `${DEPLOY}/get`, { query: { id: String(address.id) } }),
    ).toEqual(address);
    expect(body(await inject('GET', `${DEPLOY}/get`, { id: 99999 })).desc).toBe(MESSAGES.notFound);

    const projects = await call<DeviceDeploy[]>(t().app, admin, 'GET', `${DEPLOY}/getAll`, {
      query: { deployType: '1' },
    });
    expect(projects.map((r) => [r.deviceId, r.deployName])).toEqual(
      expect.arrayContaining([
        [deviceA, '项目甲'],
        [deviceB, '项目乙'],
      ]),
    );
    expect(projects.every((r) => r.deployType === 1)).toBe(true);
    expect(projects.some((r) => r.deviceId === deviceC)).toBe(false);

    // Moving a device to another project, then taking it out, carries devices.project_id along.
    const moved = await call<DeviceDeploy>(t().app, admin, 'POST', `${DEPLOY}/update`, {
      payload: { id: record.id, deviceId: deviceA, deployId: south.id },
    });
    expect(moved.deployName).toBe('项目乙');
    expect(await projectOf(deviceA)).toBe(south.id);
    const clash = await inject('POST', `${DEPLOY}/update`, { id: address.id, deviceId: deviceA, deployId: north.id });
    expect(body(clash).desc).toBe(MESSAGES.deviceAlreadyGrouped);
    expect(
      body(await inject('POST', `${DEPLOY}/update`, { id: 99999, deviceId: deviceA, deployId: north.id })).desc,
    ).toBe(MESSAGES.notFound);
    await call(t().app, admin, 'GET', `${DEPLOY}/delete`, { query: { id: String(record.id) } });
    expect(await projectOf(deviceA)).toBeNull();
    expect(body(await inject('GET', `${DEPLOY}/delete`, { id: record.id })).desc).toBe(MESSAGES.notFound);
  });

  it('keeps a group that holds devices: no delete, no change of type; deletes it once empty', async () => {
    const group = await addGroup('待删除项目', DEPLOY_TYPE.project);
    const record = await call<DeviceDeploy>(t().app, admin, 'POST', `${DEPLOY}/add`, {
      payload: { deviceId: deviceC, deployId: group.id },
    });
    expect(body(await inject('GET', `${CLASSIFY}/delete`, { id: group.id })).desc).toBe(MESSAGES.inUse);
    const retype = await inject('POST', `${CLASSIFY}/update`, {
      id: group.id,
      deployName: '待删除项目',
      deployType: 2,
    });
    expect(body(retype).desc).toBe(MESSAGES.deployTypeLocked);
    await call(t().app, admin, 'GET', `${DEPLOY}/delete`, { query: { id: String(record.id) } });
    expect(body(await inject('GET', `${CLASSIFY}/delete`, { id: group.id })).status).toBe(200);
    expect(body(await inject('GET', `${CLASSIFY}/delete`, { id: group.id })).desc).toBe(MESSAGES.notFound);
  });

  it('lists a user with bound devices only their grouping records, whatever ifFilter says; others all of them', async () => {
    const group = await addGroup('项目丙', DEPLOY_TYPE.project);
    await call(t().app, admin, 'POST', `${DEPLOY}/add`, { payload: { deviceId: deviceA, deployId: group.id } });
    const token = await userWith(t(), admin, 'deploy-bound', ['system.device'], ['DPB0002']);
    const records = async (caller: string, q: Record<string, string>) =>
      (await call<DeviceDeploy[]>(t().app, caller, 'GET', `${DEPLOY}/getAll`, { query: { deployType: '1', ...q } }))
        .map((r) => r.deviceId)
        .sort();
    expect(await records(token, { ifFilter: '1' })).toEqual([deviceB]);
    expect(await records(token, {})).toEqual([deviceB]);
    const unbound = await userWith(t(), admin, 'deploy-unbound', ['system.device']);
    expect(await records(unbound, {})).toEqual([deviceA, deviceB].sort());
    expect(await records(unbound, { ifFilter: '1' })).toEqual([]);
  });

  it('answers 401 without a token, 403 without the device page, and 403 on writes without its write code', async () => {
    const routes: ['GET' | 'POST', string][] = [
      ['GET', `${CLASSIFY}/getAll`],
      ['POST', `${CLASSIFY}/add`],
      ['POST', `${CLASSIFY}/update`],
      ['GET', `${CLASSIFY}/delete?id=1`],
      ['GET', `${DEPLOY}/getAll`],
      ['GET', `${DEPLOY}/get?id=1`],
      ['GET', `${DEPLOY}/getByDeviceId?deviceId=1`],
      ['POST', `${DEPLOY}/add`],
      ['POST', `${DEPLOY}/update`],
      ['GET', `${DEPLOY}/delete?id=1`],
    ];
    const outsider = await userWith(t(), admin, 'deploy-outsider', ['realtime', 'realtime.data']);
    const reader = await userWith(t(), admin, 'deploy-reader', ['system', 'system.device']);
    for (const [method, url] of routes) {
      const anonymous = await t().app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(anonymous.statusCode, url).toBe(401);
      const denied = await t().app.inject({
        method,
        url,
        headers: { token: outsider },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(denied.statusCode, url).toBe(403);
      const writes = method === 'POST' || url.includes('/delete');
      const asReader = await t().app.inject({
        method,
        url,
        headers: { token: reader },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(asReader.statusCode === 403, url).toBe(writes);
    }
    // The header's project selector: any signed-in user.
    expect((await inject('GET', `${CLASSIFY}/findAll`, {}, outsider)).statusCode).toBe(200);
    expect((await t().app.inject({ url: `${CLASSIFY}/findAll` })).statusCode).toBe(401);
  });
});
