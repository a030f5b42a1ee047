import {
  flattenResourceTree,
  mergeRoleResources,
  type DeployClassify,
  type Page,
  type User,
  type UserInfo,
} from '@envmon/shared';
import { FACTORS } from '@envmon/hj212';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import { DEMO_STATION_COUNT, seedDatabase } from './seed.js';
import { simulatedStationSpecs } from '../simulator/fleet.js';
import { createStationModel } from '../simulator/station-model.js';
import { BATTERY_FACTOR_CODE, breaks } from '../modules/alarm/alarm-rules.js';

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

  it('registers the simulated demo stations, water in the river project and air in Longgang', async () => {
    const rows = await query(t(), (db) =>
      db
        .selectFrom('devices')
        .innerJoin('deployClassify', 'deployClassify.id', 'devices.projectId')
        .select(['deviceCode', 'deviceType', 'password', 'deployNameEn', 'lng', 'lat'])
        .orderBy('devices.id')
        .execute(),
    );
    expect(rows.map((r) => [r.deviceCode, r.deviceType, r.password, r.deployNameEn])).toEqual(
      simulatedStationSpecs(DEMO_STATION_COUNT).map((s) => [
        s.mn,
        s.st,
        s.pw,
        s.kind === 'water' ? 'Shenzhen River water' : 'Longgang air',
      ]),
    );
    expect(rows.every((r) => r.lng !== null && r.lat !== null)).toBe(true);
  });

  it('sets thresholds on the demo stations that a normal day breaks now and then, never constantly', async () => {
    const thresholds = await query(t(), (db) =>
      db
        .selectFrom('thresholds')
        .innerJoin('devices', 'devices.id', 'thresholds.deviceId')
        .select(['devices.deviceCode', 'factorCode', 'operator', 'limit1', 'limit2', 'limitId'])
        .execute(),
    );
    const specs = simulatedStationSpecs(DEMO_STATION_COUNT);
    expect(new Set(thresholds.map((r) => r.deviceCode))).toEqual(new Set(specs.map((s) => s.mn)));
    expect(thresholds.find((r) => r.factorCode === 'w01018')?.limitId).toBeTypeOf('number');

    const day = Date.UTC(2026, 10, 20);
    let samples = 0;
    let broken = 0;
    for (const spec of specs) {
      const model = createStationModel({ kind: spec.kind, seed: spec.seed });
      const mine = thresholds.filter((r) => r.deviceCode === spec.mn);
      for (let at = day; at < day + 86_400_000; at += 60_000) {
        for (const sample of model.sample(at)) {
          for (const r of mine.filter((m) => m.factorCode === sample.code)) {
            samples += 1;
            if (breaks(r.operator, sample.value, r.limit1, r.limit2)) broken += 1;
          }
        }
      }
    }
    expect(broken).toBeGreaterThan(0);
    expect(broken / samples).toBeLessThan(0.02);
  });

  it('reports the demo in the public client config', async () => {
    expect(await call<{ demo: boolean }>(t().app, null, 'GET', '/manager/system/config/rest/get')).toMatchObject({
      demo: true,
    });
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
      [...FACTORS.map((f) => f.code), BATTERY_FACTOR_CODE].sort(),
    );
    expect(factors.find((f) => f.factorCode === 'w01001')).toMatchObject({
      factorName: 'pH',
      kind: 'water',
      legacyCode: '001',
      rangeMin: 0,
      rangeMax: 14,
      builtIn: 1,
    });
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
        table: 'resources' | 'dictionary' | 'roleResources' | 'users' | 'factors' | 'surfaceWaterLimits',
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
