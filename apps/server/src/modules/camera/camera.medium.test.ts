import type { Camera, Page } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const YS = '/manager/settings/ys/rest';
const VIDEO = '/data/video/rest/getAll';

describe('cameras: settings video ys and the video query', () => {
  const t = useTestApp();
  let admin: string;
  let north: number;
  let south: number;
  let project: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    north = await insertDevice(t(), 'CAM-N');
    south = await insertDevice(t(), 'CAM-S');
    project = await query(t(), async (db) => {
      const { id } = await db
        .insertInto('deployClassify')
        .values({ deployName: 'CAM project', deployNameEn: null, deployType: 1, createTime: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('devices').set({ projectId: id }).where('id', '=', north).execute();
      return id;
    });
  });

  const add = (payload: Record<string, unknown>) => call<Camera>(t().app, admin, 'POST', `${YS}/add`, { payload });
  const refusal = async (url: string, payload: Record<string, unknown>) =>
    body(await t().app.inject({ method: 'POST', url, payload, headers: { token: admin } }));

  it('adds, reads, lists, updates and deletes cameras', async () => {
    const gate = await add({ deviceId: north, name: 'Gate', hlsUrl: 'https://cam.example.com/live/gate.m3u8' });
    expect(gate).toMatchObject({
      deviceId: north,
      deviceName: 'Station CAM-N',
      name: 'Gate',
      hlsUrl: 'https://cam.example.com/live/gate.m3u8',
      enabled: true,
      visibility: 'scope',
      maxPlaySeconds: 0,
    });
    // No address yet: stored as null (the player says so).
    const roof = await add({ deviceId: south, name: 'Roof', hlsUrl: '' });
    expect(roof.hlsUrl).toBeNull();
    expect(await call<Camera>(t().app, admin, 'GET', `${YS}/get`, { query: { id: String(gate.id) } })).toEqual(gate);

    const all = await call<Page<Camera>>(t().app, admin, 'GET', `${YS}/list`, { query: {} });
    expect(all.list.map((c) => c.name)).toEqual(['Gate', 'Roof']);
    expect(all.total).toBe(2);
    const ofProject = await call<Page<Camera>>(t().app, admin, 'GET', `${YS}/list`, {
      query: { projectId: String(project) },
    });
    expect(ofProject.list.map((c) => c.name)).toEqual(['Gate']);
    expect((await call<Page<Camera>>(t().app, admin, 'GET', `${YS}/list`, { query: { name: 'oo' } })).total).toBe(1);

    t().clock.advance(1000);
    const moved = await call<Camera>(t().app, admin, 'POST', `${YS}/update`, {
      payload: {
        id: roof.id,
        deviceId: north,
        name: 'Roof 2',
        hlsUrl: 'http://10.0.0.9:8080/roof.m3u8',
        enabled: false,
      },
    });
    expect(moved).toMatchObject({ deviceId: north, name: 'Roof 2', enabled: false });
    expect(moved.updateTime).toBe(roof.updateTime + 1000);

    await call(t().app, admin, 'GET', `${YS}/delete`, { query: { id: String(roof.id) } });
    const gone = await t().app.inject({ url: `${YS}/get`, query: { id: String(roof.id) }, headers: { token: admin } });
    expect(body(gone).desc).toBe('数据不存在！');
  });

  it('validates the HLS address, the name and the device', async () => {
    for (const hlsUrl of [
      'ftp://cam.example.com/a.m3u8',
      'rtsp://10.0.0.1/live',
      'not a url',
      `https://a.io/${'x'.repeat(520)}`,
    ]) {
      expect((await refusal(`${YS}/add`, { deviceId: north, name: 'Bad', hlsUrl })).status).toBe(-1);
    }
    expect((await refusal(`${YS}/add`, { deviceId: north, name: '', hlsUrl: null })).status).toBe(-1);
    expect((await refusal(`${YS}/add`, { deviceId: 999_999, name: 'Lost' })).desc).toBe('数据不存在！');
    expect((await refusal(`${YS}/policySet`, { id: 999_999, visibility: 'scope', maxPlaySeconds: 0 })).desc).toBe(
      '数据不存在！',
    );
    expect((await refusal(`${YS}/policySet`, { id: 1, visibility: 'everyone', maxPlaySeconds: 0 })).status).toBe(-1);
    expect((await refusal(`${YS}/policySet`, { id: 1, visibility: 'scope', maxPlaySeconds: -1 })).status).toBe(-1);
  });

  it('sets the policy and the video query honours it, within the caller’s scope', async () => {
    const open = await add({ deviceId: north, name: 'Open', hlsUrl: 'https://cam.example.com/open.m3u8' });
    const secret = await add({ deviceId: south, name: 'Secret', hlsUrl: 'https://cam.example.com/s.m3u8' });
    await add({ deviceId: south, name: 'Off', hlsUrl: 'https://cam.example.com/off.m3u8', enabled: false });
    const policy = await call<Camera>(t().app, admin, 'POST', `${YS}/policySet`, {
      payload: { id: secret.id, visibility: 'bound', maxPlaySeconds: 300 },
    });
    expect(policy).toMatchObject({ visibility: 'bound', maxPlaySeconds: 300 });

    const names = async (token: string, q: Record<string, string> = {}) =>
      (await call<Camera[]>(t().app, token, 'GET', VIDEO, { query: q })).map((c) => c.name).sort();
    // Administrators see every enabled camera (not 'Off').
    expect(await names(admin)).toEqual(['Gate', 'Open', 'Secret']);
    // A user bound to no station sees every device's cameras but the bound-only one of the south station.
    const anyUser = await userWith(t(), admin, 'video-any', ['query.video']);
    expect(await names(anyUser)).toEqual(['Gate', 'Open']);
    expect(await names(anyUser, { projectId: String(project) })).toEqual(['Gate', 'Open']);
    // A user bound to stations reads only theirs (issue 13), whatever ifFilter says.
    const northUser = await userWith(t(), admin, 'video-north', ['query.video'], ['CAM-N']);
    expect(await names(northUser)).toEqual(['Gate', 'Open']);
    const southUser = await userWith(t(), admin, 'video-south', ['query.video'], ['CAM-S']);
    expect(await names(southUser)).toEqual(['Secret']);
    expect(await names(southUser, { ifFilter: '1' })).toEqual(['Secret']);
    expect(await names(southUser, { projectId: String(project) })).toEqual([]);
    expect(await names(admin, { deviceId: String(north) })).toEqual(['Gate', 'Open']);
    expect(open.visibility).toBe('scope');
  });

  it('answers 401 without a session and 403 without the resources', async () => {
    expect((await t().app.inject({ url: `${YS}/list` })).statusCode).toBe(401);
    expect((await t().app.inject({ url: VIDEO })).statusCode).toBe(401);
    const viewer = await userWith(t(), admin, 'video-viewer', ['query.video', 'settings.video-ys']);
    expect((await t().app.inject({ url: `${YS}/list`, headers: { token: viewer } })).statusCode).toBe(200);
    const write = await t().app.inject({
      method: 'POST',
      url: `${YS}/policySet`,
      payload: { id: 1, visibility: 'scope', maxPlaySeconds: 0 },
      headers: { token: viewer },
    });
    expect(write.statusCode).toBe(403);
    const none = await userWith(t(), admin, 'video-none', ['query.history']);
    expect((await t().app.inject({ url: VIDEO, headers: { token: none } })).statusCode).toBe(403);
    expect((await t().app.inject({ url: `${YS}/list`, headers: { token: none } })).statusCode).toBe(403);
  });
});
