import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { type Alarm, DAY_MS, type Page, type Resource } from '@envmon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { userWith } from '../deploy/device-panel.test-support.js';
import { type Operation, seedStation, type Station } from './device-scope.test-support.js';

/**
 * Issue 13 hole 6: bound devices are a boundary, decided on the server. One sweep over the OpenAPI
 * document: every GET that names a device or a project is called as a user bound only to device A
 * asking about device B (A's project) and device C (the other project), with and without ifFilter, and
 * as an unbound user asking about C under A's project; nothing of the device asked about may come back.
 * A GET that names neither must be listed below with the reason it reads no device's data, so a new
 * data route is swept by default.
 */

/** System › job spans the platform: a user bound to devices is refused every job call (job.medium.test.ts). */
const JOBS = 'scheduled jobs (system.job): refused with 403 to a user bound to devices';

/** GETs that read no device's data: not swept. Every reason says why. */
const EXEMPT: Record<string, string> = {
  '/manager/system/login/rest/oauth/{code}': 'sign-in',
  '/manager/system/config/rest/get': 'client configuration',
  '/data/export/rest/progress': "the caller's own export progress (a count)",
  '/manager/system/user/rest/get': 'users (system.user)',
  '/manager/system/user/rest/getAll': 'users (system.user)',
  '/manager/system/user/rest/export': 'users (system.user)',
  '/manager/system/user/rest/delete': 'a write',
  '/manager/system/user/rest/getByToken': "the caller's own user info and bound codes",
  '/manager/system/user/rest/checkUserNameUnique': 'a name check',
  '/manager/system/user/rest/getInstalledDevs': "the caller's own bound devices",
  '/manager/system/role/rest/get': 'roles',
  '/manager/system/role/rest/getAll': 'roles',
  '/manager/system/role/rest/export': 'roles',
  '/manager/system/role/rest/delete': 'a write',
  '/manager/system/resource/rest/get': 'resources',
  '/manager/system/resource/rest/getAll': 'resources',
  '/manager/system/resource/rest/export': 'resources',
  '/manager/system/resource/rest/delete': 'a write',
  '/manager/system/resource/rest/getByRole': 'resources',
  '/manager/system/dictionary/rest/getAll': 'dictionary',
  '/manager/system/dictionary/rest/export': 'dictionary',
  '/manager/system/dictionary/rest/delete': 'a write',
  '/manager/system/dictionary/rest/get': 'dictionary',
  '/manager/system/dictionary/rest/getFactorUnit': 'dictionary',
  '/manager/system/log/rest/get': 'operation log (system.log, administrators)',
  '/manager/system/serverLog/rest/getList': 'server log files (system.server-log, administrators)',
  '/manager/system/serverLog/rest/get': 'server log files (system.server-log, administrators)',
  '/manager/system/device/deploy/classify/rest/findAll': 'group names, no devices',
  '/manager/system/device/deploy/classify/rest/getAll': 'group names, no devices',
  '/manager/system/device/deploy/classify/rest/delete': 'a write',
  '/manager/system/device/deploy/rest/delete': 'a write',
  '/manager/settings/factor/rest/get': 'the factor catalogue, no devices',
  '/manager/settings/factor/rest/getAll': 'the factor catalogue, no devices',
  '/manager/settings/factor/rest/getAllNewFactorUnit': 'the factor catalogue with unit names, no devices',
  '/manager/settings/factor/rest/delete': 'a write',
  '/manager/system/device/virtual/rest/delete': 'a write',
  '/manager/system/device/virtual/rest/template': 'an empty import template',
  '/manager/system/device/rest/template': 'an empty import template',
  '/manager/system/device/rest/delete': 'a write',
  '/manager/settings/ys/rest/delete': 'a write',
  '/manager/settings/iotCard/rest/delete': 'a write',
  '/manager/settings/outlierInterval/rest/delete': 'a write',
  '/manager/settings/outlierInterval/rest/applications':
    're-applications of the outlier intervals: counts and device ids (a user bound to devices: their own)',
  '/manager/settings/regular/rest/delete': 'a write',
  '/manager/settings/devops/rest/delete': 'a write',
  '/manager/settings/dashboard/rest/get': 'dashboard configurations (cards, names, chosen device ids), no device data',
  '/manager/settings/dashboard/rest/getByUserId': 'one dashboard configuration, no device data',
  '/manager/settings/dashboard/rest/delete': 'a write',
  '/manager/alarm/threshold/rest/delete': 'a write',
  '/manager/system/alarm/strategy/rest/delete': 'a write',
  '/manager/settings/surfactwaterlimit/rest/getAll': 'the surface-water class limits, no devices',
  '/manager/settings/wxalarm/rest/get': 'WeChat alarm settings, no devices',
  '/manager/settings/countercontrol/rest/delete': 'a write',
  '/manager/settings/deviceParameters/rest/delete': 'a write',
  '/manager/settings/transferformat/rest/get': 'upstream platforms (no devices; the device counts of all)',
  '/manager/settings/transferformat/rest/delete': 'a write',
  '/manager/settings/dynamicCode/rest/status': "the caller's own enrolment (no secret), no devices",
  '/manager/settings/dynamicCode/rest/guarded': 'the commands that need a dynamic code, no devices',
  '/dgs/system/job/rest/list': JOBS,
  '/dgs/system/job/rest/{id}': JOBS,
  '/dgs/system/job/rest/runs': JOBS,
  '/dgs/system/job/rest/runs/file': JOBS,
  '/dgs/system/job/rest/devices/list': JOBS,
  '/dgs/system/job/rest/devices/delete': 'a write',
  '/dgs/system/job/rest/devices/template': 'an empty import template',
  '/openapi.json': 'the API description',
};

/** GETs that read one row by its id: the row of the device asked about. */
const BY_ROW: Record<string, (s: Station) => Record<string, string>> = {
  '/data/original/rest/getParsed': (s) => ({ id: String(s.packet) }),
  '/manager/alarm/workorder/rest/getHistory': (s) => ({ alarmId: String(s.alarm) }),
  '/manager/settings/ys/rest/get': (s) => ({ id: String(s.camera) }),
  '/manager/settings/devops/rest/file': (s) => ({ id: String(s.devopsFile) }),
  '/manager/alarm/threshold/rest/get': (s) => ({ id: String(s.threshold) }),
  '/manager/system/alarm/strategy/rest/get': (s) => ({ id: String(s.strategy) }),
  '/manager/system/device/deploy/rest/get': (s) => ({ id: String(s.deploy) }),
  '/manager/settings/countercontrol/rest/uploadList': (s) => ({ id: String(s.command) }),
  '/manager/settings/transferformat/rest/getList': (s) => ({ upstreamId: String(s.upstream) }),
};

/** GETs that name no device or project but list devices' data: swept with no device named. */
const LISTS: readonly string[] = [
  '/manager/system/device/rest/getAllWithVirtual',
  '/manager/system/device/deploy/rest/getAll',
];

const DEVICE_PARAMS = new Set(['deviceId', 'deviceIds', 'deviceCode', 'deviceCodes', 'projectId']);

const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string) => {
    send(data: string): void;
    close(): void;
    on(event: 'message', listener: (data: Buffer) => void): void;
    on(event: 'open' | 'error', listener: () => void): void;
  };
};

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('bound devices are a boundary on every data route (issue 13, hole 6)', () => {
  const t = useTestApp({ demo: true });
  let admin: string;
  let bound: string;
  let unbound: string;
  let a: Station;
  let b: Station;
  let c: Station;
  let operations: Operation[];

  beforeAll(async () => {
    const { app } = t();
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    const devices = await query(t(), (db) =>
      db.selectFrom('devices').select(['id', 'deviceCode', 'projectId']).orderBy('id').execute(),
    );
    const inProject = (n: number) =>
      devices.filter((d) => d.projectId === n) as { id: number; deviceCode: string; projectId: number }[];
    const [p1, p2] = [...new Set(devices.map((d) => d.projectId))] as number[];
    a = await seedStation(t(), admin, inProject(p1!)[0]!, 'ScopeProbeA', 1357);
    b = await seedStation(t(), admin, inProject(p1!)[1]!, 'ScopeProbeB', 8642);
    c = await seedStation(t(), admin, inProject(p2!)[0]!, 'ScopeProbeC', 9753);

    // Every read right there is: the sweep meets the scope, never a 403.
    const readCodes = (
      await call<Page<Resource>>(app, admin, 'GET', '/manager/system/resource/rest/getAll', {
        query: { pageSize: '1000' },
      })
    ).list
      .map((r) => r.resCode)
      .filter((code) => !code.endsWith(':write'));
    bound = await userWith(t(), admin, 'scope-bound', readCodes, [a.code]);
    unbound = await userWith(t(), admin, 'scope-unbound', readCodes, []);

    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: Operation['params'] }>>;
    }>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method === 'get')
        .map(([, op]) => ({ path, params: op.parameters ?? [] })),
    );
  });

  const isDownload = (op: Operation) => op.path.endsWith('/download');
  // An exempt GET is not swept even when it names a device (a delete by GET of one device's settings).
  const swept = (op: Operation) =>
    !(op.path in EXEMPT) &&
    (op.params.some((p) => DEVICE_PARAMS.has(p.name)) || op.path in BY_ROW || LISTS.includes(op.path));

  /** The query asking `op` about `target` under project `projectId`; a required parameter nobody knows fails the test. */
  function queryFor(op: Operation, target: Station, projectId: number, ifFilter: boolean): Record<string, string> {
    const now = t().clock.now();
    const q: Record<string, string> = { ...BY_ROW[op.path]?.(target) };
    for (const p of op.params) {
      if (p.name in q) continue;
      const enumFirst = p.schema.enum?.[0];
      switch (p.name) {
        case 'deviceId':
        case 'deviceIds':
          q[p.name] = String(target.id);
          break;
        case 'deviceCode':
        case 'deviceCodes':
          q[p.name] = target.code;
          break;
        case 'projectId':
          q.projectId = String(projectId);
          break;
        case 'ifFilter':
          if (ifFilter) q.ifFilter = '1';
          break;
        case 'factorCode':
        case 'factorCodes':
          q[p.name] = target.factor;
          break;
        case 'timeUnit':
          q.timeUnit = p.schema.enum?.includes('hour') ? 'hour' : p.schema.enum?.includes('day') ? 'day' : enumFirst!;
          break;
        case 'beginTime':
          q.beginTime = String(now - DAY_MS);
          break;
        case 'endTime':
          q.endTime = String(now);
          break;
        case 'beginDate':
          q.beginDate = dateOf(now - DAY_MS);
          break;
        case 'endDate':
        case 'date':
          q[p.name] = dateOf(now);
          break;
        case 'groupType':
          q.groupType = 'devices';
          break;
        default:
          if (p.required && enumFirst !== undefined) q[p.name] = enumFirst;
          else if (p.required) throw new Error(`${op.path}: no value for required ${p.name}`);
      }
    }
    return q;
  }

  /** The response as text: an export is followed to its file, whose cells are read. */
  async function read(
    op: Operation,
    token: string,
    q: Record<string, string>,
  ): Promise<{ ok: boolean; text: string; why: string }> {
    const response = await t().app.inject({ method: 'GET', url: op.path, query: q, headers: { token } });
    if (response.statusCode === 403 || response.statusCode === 404)
      return { ok: false, text: '', why: `HTTP ${response.statusCode}` };
    if (response.statusCode !== 200)
      return { ok: false, text: response.body, why: `unexpected HTTP ${response.statusCode} ${response.body}` };
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    if (!isJson) return { ok: true, text: response.body, why: '' };
    const envelope = body<{ url?: string }>(response);
    if (envelope.status !== 200) {
      return {
        ok: false,
        text: '',
        why: envelope.desc === '数据不存在！' ? 'not found' : `unexpected failure ${envelope.desc}`,
      };
    }
    if (!op.path.endsWith('/export') || typeof envelope.data.url !== 'string')
      return { ok: true, text: response.body, why: '' };
    const file = await t().app.inject({ method: 'GET', url: envelope.data.url });
    if (file.statusCode !== 200 || String(file.headers['content-type'] ?? '').includes('json')) {
      const failed = file.json<{ desc: string }>();
      return {
        ok: false,
        text: '',
        why: failed.desc === '数据不存在！' ? 'not found' : `unexpected export failure ${file.body}`,
      };
    }
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    } catch {
      return { ok: false, text: file.body, why: `unexpected export answer ${file.body.slice(0, 200)}` };
    }
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
    return { ok: true, text: cells.join('\n'), why: '' };
  }

  const marks = (s: Station) => [
    s.code,
    s.name,
    s.factor,
    String(s.tag + 0.5),
    `SB${s.tag}`,
    `"deviceId":${s.id},`,
    `"deviceId":${s.id}}`,
  ];
  const leaks = (text: string, s: Station) => marks(s).filter((m) => text.includes(m));

  it('knows every GET: swept for device scope, or exempt with a reason', () => {
    const unknown = operations.filter((op) => !isDownload(op) && !swept(op) && !(op.path in EXEMPT));
    expect(unknown.map((op) => op.path)).toEqual([]);
    expect(operations.filter((op) => swept(op) && !isDownload(op)).length).toBeGreaterThan(50);
  });

  it('answers an unbound reader about each device it asks for (the sweep reaches the data)', async () => {
    const blind: string[] = [];
    for (const op of operations.filter((o) => swept(o) && !isDownload(o))) {
      const result = await read(op, unbound, queryFor(op, b, b.projectId, false));
      if (!result.ok) blind.push(`${op.path}: ${result.why}`);
      else if (leaks(result.text, b).length === 0 && !LISTS.includes(op.path))
        blind.push(`${op.path}: shows nothing of B ${result.text.slice(0, 400)}`);
    }
    expect(blind).toEqual([]);
  });

  it('shows a user bound to device A nothing of B or of the other project, whatever ifFilter says', async () => {
    const leaked: string[] = [];
    for (const op of operations.filter((o) => swept(o) && !isDownload(o))) {
      for (const [target, projectId] of [
        [b, b.projectId],
        [c, c.projectId],
        [c, a.projectId],
      ] as const) {
        for (const ifFilter of [false, true]) {
          const result = await read(op, bound, queryFor(op, target, projectId, ifFilter));
          const where = `${op.path} about ${target.name} in project ${projectId}${ifFilter ? ' ifFilter=1' : ''}`;
          if (!result.ok && result.why !== 'not found' && result.why !== 'HTTP 403')
            leaked.push(`${where}: ${result.why}`);
          const seen = leaks(result.text, target);
          if (seen.length > 0) leaked.push(`${where}: ${seen.join(' ')}`);
        }
      }
      // The device it is bound to stays readable.
      const own = await read(op, bound, queryFor(op, a, a.projectId, false));
      if (!own.ok) leaked.push(`${op.path} about its own device A: ${own.why}`);
    }
    expect(leaked).toEqual([]);
  });

  it('honours the chosen project for a user with no bound devices', async () => {
    const leaked: string[] = [];
    for (const op of operations.filter(
      (o) => swept(o) && !isDownload(o) && o.params.some((p) => p.name === 'projectId'),
    )) {
      const result = await read(op, unbound, queryFor(op, c, a.projectId, false));
      if (!result.ok && result.why !== 'not found') leaked.push(`${op.path}: ${result.why}`);
      const seen = leaks(result.text, c);
      if (seen.length > 0) leaked.push(`${op.path} about C in A's project: ${seen.join(' ')}`);
    }
    expect(leaked).toEqual([]);
  });

  it('pushes a user bound to A no realtime or alarm frame of B over the WebSocket', async () => {
    const { app } = t();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/websocket/${bound}`;
    const socket = new WebSocket(url);
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(data.toString('utf8')));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.on('open', resolve));
    try {
      socket.send(JSON.stringify({ type: 'subscribe', deviceIds: [a.id, b.id, c.id] }));
      const alarmOf = (s: Station, id: number): Alarm => ({
        id,
        alarmType: 1,
        alarmLevel: 1,
        alarmValue: 99,
        unit: 'mg/L',
        beginDate: 1,
        lastDate: 1,
        endDate: null,
        active: true,
        count: 1,
        overflowType: null,
        standardValue: '10',
        symbol: 1,
        deviceId: s.id,
        deviceCode: s.code,
        device: { deviceName: s.name, utcOffsetMinutes: 480 },
        factorCode: s.factor,
        factor: { factorName: s.factor, factorNameEn: s.factor },
        workOrder: { orderStatus: 1 },
      });
      const publish = () => {
        for (const s of [a, b, c]) {
          app.bus.publish('data.received', {
            deviceId: s.id,
            deviceCode: s.code,
            kind: 'rtd',
            dataTime: 1,
            values: [{ factorCode: s.factor, value: 1, min: null, max: null, cou: null, flag: 'N', quality: 'N' }],
          });
        }
        app.bus.publish('alarm.changed', { alarms: [alarmOf(b, 990_001), alarmOf(c, 990_002), alarmOf(a, 990_003)] });
      };
      // The subscription applies once the server has loaded the user's devices: publish until A's frames arrive.
      const deadline = Date.now() + 5000;
      while (!frames.some((f) => f.includes(a.code) && f.includes('990003'))) {
        if (Date.now() > deadline) throw new Error('no frame of device A arrived');
        publish();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const text = frames.join('\n');
      expect(leaks(text, b)).toEqual([]);
      expect(leaks(text, c)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  afterAll(() => undefined);
});
