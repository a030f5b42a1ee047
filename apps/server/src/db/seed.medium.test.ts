import {
  ALARM_TYPE,
  AQI_FACTORS,
  flattenResourceTree,
  OVERFLOW_TYPE,
  mergeRoleResources,
  type DeployClassify,
  type Page,
  type User,
  type UserInfo,
} from '@envmon/shared';
import { FACTORS } from '@envmon/hj212';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import { demoStationSpecs, seedDatabase } from './seed.js';
import { LEVEL_FACTOR_CODE, PLATFORM_FACTORS } from './platform-factors.js';
import { AIR_EVALUATION } from '../simulator/factor-models.js';
import { createStationModel } from '../simulator/station-model.js';
import { breaks } from '../modules/alarm/alarm-rules.js';

import { argon2Hasher } from '../lib/password.js';
import { ManualClock } from '../lib/clock.js';
import { ADMIN_PASSWORD, call, createTestApp, login, query, useTestApp } from '../test/harness.js';

const ME = '/manager/system/user/rest/getByToken';
const menuCodes = (info: UserInfo) => mergeRoleResources(info.roles).map((r) => r.resCode);

describe('demo seed', () => {
  const t = useTestApp({ demo: true });

  it('creates the operator with realtime, query, report and alarm (incl. alarm write) and read-only water', async () => {
    const info = await call<UserInfo>(t().app, await login(t().app, 'operator', 'Operator@123'), 'GET', ME);
    expect(info.roles.map((r) => r.roleName)).toEqual(['operator']);
    const codes = menuCodes(info);
    const expected = flattenResourceTree()
      .map((r) => r.code)
      .filter(
        (c) =>
          ['realtime', 'query', 'report', 'alarm'].some((g) => c === g || c.startsWith(`${g}.`)) ||
          ((c === 'water' || c.startsWith('water.')) && !c.endsWith(':write')),
      );
    expect(codes.sort()).toEqual(expected.sort());
    expect(codes).toContain('alarm.list:write');
    expect(codes).not.toContain('water.control:write');
  });

  it('creates the viewer with the realtime and query pages only', async () => {
    const info = await call<UserInfo>(t().app, await login(t().app, 'viewer', 'Viewer@123'), 'GET', ME);
    const groups = new Set(menuCodes(info).map((c) => c.split('.')[0]));
    expect([...groups].sort()).toEqual(['query', 'realtime']);
  });

  it('refuses the viewer an admin-only API with 403', async () => {
    const viewer = await login(t().app, 'viewer', 'Viewer@123');
    const response = await t().app.inject({ url: '/manager/system/user/rest/getAll', headers: { token: viewer } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: -1, code: '000001', desc: '没有操作权限，请联系系统管理员！' });
  });

  it('gives the AQI pollutants the units its ambient air stations send them in (HJ 633: µg/m³, CO in mg/m³)', async () => {
    const codes = Object.values(AQI_FACTORS).map((f) => f.code);
    const units = await query(t(), (db) =>
      db.selectFrom('factors').select(['factorCode', 'unit']).where('factorCode', 'in', codes).execute(),
    );
    const sent = new Map(AIR_EVALUATION.map((model) => [model.code, model.unit]));
    expect(Object.fromEntries(units.map((f) => [f.factorCode, f.unit]))).toEqual(
      Object.fromEntries(codes.map((code) => [code, sent.get(code)])),
    );
    expect(units.find((f) => f.factorCode === AQI_FACTORS.so2.code)?.unit).toBe('µg/m³');
  });

  it('creates the two demo projects for the project selector', async () => {
    const viewer = await login(t().app, 'viewer', 'Viewer@123');
    const projects = await call<DeployClassify[]>(
      t().app,
      viewer,
      'GET',
      '/manager/system/device/deploy/classify/rest/findAll',
      {
        query: { deployType: '1' },
      },
    );
    expect(projects.map((p) => [p.deployName, p.deployNameEn, p.deployType])).toEqual([
      ['深圳河流域水质监测', 'Shenzhen River water', 1],
      ['龙岗区空气质量', 'Longgang air', 1],
    ]);
  });

  it('registers the simulated demo stations, water and overflow in the river project and air in Longgang', async () => {
    const rows = await query(t(), (db) =>
      db
        .selectFrom('devices')
        .innerJoin('deployClassify', 'deployClassify.id', 'devices.projectId')
        .select(['deviceCode', 'deviceType', 'password', 'deployNameEn', 'lng', 'lat'])
        .orderBy('devices.id')
        .execute(),
    );
    expect(rows.map((r) => [r.deviceCode, r.deviceType, r.password, r.deployNameEn])).toEqual(
      demoStationSpecs().map((s) => [s.mn, s.st, s.pw, s.kind === 'air' ? 'Longgang air' : 'Shenzhen River water']),
    );
    expect(rows.map((r) => r.deviceType)).toEqual(['21', '22', '21', '22', '21', '22', '32']);
    expect(rows.every((r) => r.lng !== null && r.lat !== null)).toBe(true);
  });

  it('makes the overflow station one: full pipe, overflow and waterlogging thresholds on its level', async () => {
    const rows = await query(t(), (db) =>
      db
        .selectFrom('thresholds')
        .innerJoin('devices', 'devices.id', 'thresholds.deviceId')
        .select(['devices.deviceType', 'factorCode', 'overflowType', 'limit1'])
        .where('overflowType', '>', 0)
        .orderBy('limit1')
        .execute(),
    );
    expect(rows.map((r) => [r.deviceType, r.factorCode, r.overflowType, r.limit1])).toEqual([
      ['32', LEVEL_FACTOR_CODE, OVERFLOW_TYPE.fullPipe, 1.2],
      ['32', LEVEL_FACTOR_CODE, OVERFLOW_TYPE.overflow, 1.8],
      ['32', LEVEL_FACTOR_CODE, OVERFLOW_TYPE.waterlogging, 2.6],
    ]);
    const admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    const overflow = await call<{ stations: { deviceCode: string; levelFactorCode: string }[] }>(
      t().app,
      admin,
      'GET',
      '/data/realtime/rest/getOverflow',
    );
    expect(overflow.stations.map((s) => [s.deviceCode, s.levelFactorCode])).toEqual([
      ['SIMO0001000000000000', LEVEL_FACTOR_CODE],
    ]);
  });

  it('holds a recovery two minutes on every demo station, so an alarm does not flap at its limit', async () => {
    const rows = await query(t(), (db) =>
      db.selectFrom('alarmStrategies').select(['deviceId', 'alarmType', 'enabled', 'recoverySeconds']).execute(),
    );
    expect(rows).toHaveLength(demoStationSpecs().length * 2);
    expect(new Set(rows.map((r) => r.alarmType))).toEqual(new Set([ALARM_TYPE.threshold, ALARM_TYPE.breaker]));
    expect(rows.every((r) => r.enabled === 1 && r.recoverySeconds === 120)).toBe(true);
  });

  it('sets thresholds that each station breaks now and then, and one of them always', async () => {
    const thresholds = await query(t(), (db) =>
      db
        .selectFrom('thresholds')
        .innerJoin('devices', 'devices.id', 'thresholds.deviceId')
        .select(['devices.deviceCode', 'factorCode', 'operator', 'limit1', 'limit2', 'limitId'])
        .execute(),
    );
    const specs = demoStationSpecs();
    expect(new Set(thresholds.map((r) => r.deviceCode))).toEqual(new Set(specs.map((s) => s.mn)));
    expect(thresholds.find((r) => r.factorCode === 'w01018')?.limitId).toBeTypeOf('number');

    // What the simulated fleet sends every 30 s of a day, judged as the alarm engine judges it.
    const day = Date.UTC(2026, 10, 20);
    const breakingAt = new Map<number, number>();
    for (const spec of specs) {
      const model = createStationModel({ kind: spec.kind, seed: spec.seed, episodeOffsetMs: spec.episodeOffsetMs });
      const mine = thresholds.filter((r) => r.deviceCode === spec.mn);
      let broken = 0;
      let samples = 0;
      for (let at = day; at < day + 86_400_000; at += 30_000) {
        samples += 1;
        const breaking = model
          .sample(at)
          .some((sample) =>
            mine.some((r) => r.factorCode === sample.code && breaks(r.operator, sample.value, r.limit1, r.limit2)),
          );
        if (breaking) {
          broken += 1;
          breakingAt.set(at, (breakingAt.get(at) ?? 0) + 1);
        }
      }
      // Now and then: during its episode (a quarter of each hour) and a rare peak besides.
      expect(broken / samples, spec.mn).toBeGreaterThan(0.1);
      expect(broken / samples, spec.mn).toBeLessThan(0.4);
    }
    // The demo always has something to alarm about: at every instant some station breaks a threshold.
    expect(breakingAt.size).toBe(86_400_000 / 30_000);
  });

  it('reports the demo in the public client config', async () => {
    expect(await call<{ demo: boolean }>(t().app, null, 'GET', '/manager/system/config/rest/get')).toMatchObject({
      demo: true,
    });
  });

  // Last: it changes the database the tests above read.
  it('is idempotent on restart, and brings back a demo station that is missing (a demo from before it)', async () => {
    const counts = () =>
      query(t(), async (db) =>
        Promise.all(
          (['devices', 'thresholds', 'alarmStrategies', 'deviceFactors', 'deviceDeploy'] as const).map(
            async (table) =>
              (
                await db
                  .selectFrom(table)
                  .select((eb) => eb.fn.countAll<number>().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
          ),
        ),
      );
    const reseed = () =>
      query(t(), (db) =>
        seedDatabase(db, { demo: true, adminPassword: null, hasher: argon2Hasher, clock: new ManualClock() }),
      );
    const before = await counts();
    expect((await reseed()).admin).toBeNull();
    expect(await counts()).toEqual(before);

    const overflowMn = demoStationSpecs().find((s) => s.kind === 'overflow')?.mn ?? '';
    await query(t(), async (db) => {
      const { id } = await db
        .selectFrom('devices')
        .select('id')
        .where('deviceCode', '=', overflowMn)
        .executeTakeFirstOrThrow();
      for (const table of ['thresholds', 'alarmStrategies', 'deviceFactors', 'deviceDeploy'] as const) {
        await db.deleteFrom(table).where('deviceId', '=', id).execute();
      }
      await db.deleteFrom('devices').where('id', '=', id).execute();
    });
    expect(await counts()).not.toEqual(before);
    await reseed();
    expect(await counts()).toEqual(before);
    const back = await query(t(), (db) =>
      db
        .selectFrom('devices')
        .innerJoin('deployClassify', 'deployClassify.id', 'devices.projectId')
        .select(['deviceType', 'deployNameEn'])
        .where('deviceCode', '=', overflowMn)
        .execute(),
    );
    expect(back).toEqual([{ deviceType: '32', deployNameEn: 'Shenzhen River water' }]);
  });
});

describe('seed without demo', () => {
  const t = useTestApp({ demo: false });

  it('creates only the admin user, with ADMIN_PASSWORD', async () => {
    const admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    const users = await call<Page<User>>(t().app, admin, 'GET', '/manager/system/user/rest/getAll');
    expect(users.list.map((u) => u.userName)).toEqual(['admin']);
    expect(await call<unknown[]>(t().app, admin, 'GET', '/manager/system/device/deploy/classify/rest/findAll')).toEqual(
      [],
    );
  });

  it('seeds the HJ 212 factor catalogue with quality parameters, and no devices', async () => {
    const factors = await query(t(), (db) => db.selectFrom('factors').selectAll().execute());
    expect(factors.map((f) => f.factorCode).sort()).toEqual(
      [...FACTORS.map((f) => f.code), ...PLATFORM_FACTORS.map((f) => f.code)].sort(),
    );
    expect(factors.find((f) => f.factorCode === 'w01001')).toMatchObject({
      factorName: 'pH',
      kind: 'water',
      legacyCode: '001',
      rangeMin: 0,
      rangeMax: 14,
      builtIn: 1,
    });
    // The catalogue's own units stay without the demo: SO2 as HJ 212 prints it (emission monitoring).
    expect(factors.find((f) => f.factorCode === AQI_FACTORS.so2.code)?.unit).toBe('mg/m³');
    expect(await query(t(), (db) => db.selectFrom('devices').selectAll().execute())).toEqual([]);
  });

  it('seeds the GB 3838-2002 surface-water class limits, without demo too', async () => {
    const limits = await query(t(), (db) => db.selectFrom('surfaceWaterLimits').selectAll().execute());
    expect(limits.find((l) => l.factorCode === 'w21003')).toMatchObject({ class1: 0.15, class3: 1, class5: 2 });
    expect(limits.find((l) => l.factorCode === 'w01009')).toMatchObject({ class1: 7.5, class5: 2 });
    expect(limits.find((l) => l.factorCode === 'w01001')).toMatchObject({ class1: null, rangeMin: 6, rangeMax: 9 });
    expect(await query(t(), (db) => db.selectFrom('thresholds').selectAll().execute())).toEqual([]);
  });

  it('is idempotent: a second run adds nothing and creates no admin', async () => {
    const { db } = openDatabase(t().config.database);
    try {
      const count = async (
        table:
          | 'resources'
          | 'dictionary'
          | 'roleResources'
          | 'users'
          | 'factors'
          | 'surfaceWaterLimits'
          | 'devices'
          | 'thresholds',
      ) =>
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const before = await Promise.all([
        count('resources'),
        count('dictionary'),
        count('roleResources'),
        count('users'),
        count('factors'),
        count('surfaceWaterLimits'),
        count('devices'),
        count('thresholds'),
      ]);
      const report = await seedDatabase(db, {
        demo: true,
        adminPassword: null,
        hasher: argon2Hasher,
        clock: new ManualClock(),
      });
      expect(report.admin).toBeNull();
      const after = await Promise.all([
        count('resources'),
        count('dictionary'),
        count('roleResources'),
        count('users'),
        count('factors'),
        count('surfaceWaterLimits'),
        count('devices'),
        count('thresholds'),
      ]);
      expect(after).toEqual(before);
    } finally {
      await db.destroy();
    }
  });
});

describe('first start without ADMIN_PASSWORD', () => {
  it('generates a random admin password and reports it once', async () => {
    const reports: { password: string; generated: boolean }[] = [];
    const t = await createTestApp({ config: { adminPassword: null }, onAdminCreated: (admin) => reports.push(admin) });
    try {
      expect(reports).toHaveLength(1);
      expect(reports[0]?.generated).toBe(true);
      expect(reports[0]?.password).toMatch(/^[\w-]{16}$/);
      await login(t.app, 'admin', reports[0]?.password ?? '');
    } finally {
      await t.close();
    }
  });
});
