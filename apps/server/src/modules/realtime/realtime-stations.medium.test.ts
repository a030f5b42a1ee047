import {
  ALARM_TYPE,
  DEPLOY_TYPE,
  OVERFLOW_TYPE,
  REALTIME_TREND,
  THRESHOLD_OPERATOR,
  WATER_CLASS_INFERIOR,
  type RealtimeOverflow,
  type RealtimeWater,
  MINUTE_MS,
  HOUR_MS,
} from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AlarmsTable, MeasurementsTable, ThresholdsTable } from '../../db/schema.js';
import { ADMIN_PASSWORD, call, login, query, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const WATER = '/data/realtime/rest/getWater';
const OVERFLOW = '/data/realtime/rest/getOverflow';
/** A liquid-level factor as an operator would add it: the HJ 212 catalogue has none. */
const LEVEL = 'LVL01';
const { bucketMs } = REALTIME_TREND;

describe('water and overflow station reads', () => {
  const t = useTestApp();
  let admin: string;
  let projectA: number;
  let clean: number;
  let dirty: number;
  let air: number;
  let elsewhere: number;
  let overflowing: number;
  let silentOverflow: number;

  async function project(deployName: string): Promise<number> {
    const row = await query(t(), (db) =>
      db
        .insertInto('deployClassify')
        .values({ deployName, deployNameEn: null, deployType: DEPLOY_TYPE.project, createTime: t().clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return row.id;
  }

  async function device(code: string, projectId: number, deviceType: string): Promise<number> {
    const id = await insertDevice(t(), code);
    await query(t(), (db) => db.updateTable('devices').set({ projectId, deviceType }).where('id', '=', id).execute());
    return id;
  }

  const latest = (deviceId: number, factorCode: string, value: number) => ({
    deviceId,
    factorCode,
    kind: 'rtd' as const,
    dataTime: t().clock.now() - MINUTE_MS,
    value,
    flag: 'N',
    quality: 'N',
    receivedAt: t().clock.now(),
  });

  const point = (deviceId: number, factorCode: string, dataTime: number, value: number | null): MeasurementsTable => ({
    deviceId,
    kind: 'rtd',
    dataTime,
    factorCode,
    value,
    min: null,
    max: null,
    cou: null,
    flag: 'N',
    quality: 'N',
    receivedAt: t().clock.now(),
  });

  const threshold = (
    deviceId: number,
    overflowType: number,
    limit1: number,
    operator: number = THRESHOLD_OPERATOR.gt,
  ): Omit<ThresholdsTable, 'id'> => ({
    deviceId,
    factorCode: LEVEL,
    overflowType,
    operator,
    limit1,
    limit2: null,
    limitId: null,
    alarmLevel: 1,
    enabled: 1,
    updateTime: t().clock.now(),
  });

  const alarm = (deviceId: number, overflowType: number, active: boolean): Omit<AlarmsTable, 'id'> => ({
    deviceId,
    factorCode: LEVEL,
    alarmType: overflowType > 0 ? ALARM_TYPE.breaker : ALARM_TYPE.threshold,
    overflowType,
    alarmLevel: 1,
    alarmValue: 2,
    standardValue: '2.5,1.8,3',
    symbol: 8,
    beginDate: t().clock.now() - 10 * MINUTE_MS,
    lastDate: t().clock.now() - MINUTE_MS,
    endDate: active ? null : t().clock.now(),
    count: 3,
    active: active ? 1 : 0,
    activeKey: active ? `${deviceId}:${LEVEL}:${overflowType > 0 ? 5 : 1}:${overflowType}` : null,
    orderStatus: 1,
  });

  /** Start of the trend bucket holding now, and of the one before. */
  let current: number;
  let previous: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    projectA = await project('水质项目');
    const projectB = await project('其他项目');
    clean = await device('WS-CLEAN-01', projectA, '21');
    dirty = await device('WS-DIRTY-01', projectA, '21');
    air = await device('WS-AIR-01', projectA, '22');
    elsewhere = await device('WS-ELSE-01', projectB, '21');
    overflowing = await device('OF-LEVEL-01', projectA, '32');
    silentOverflow = await device('OF-SILENT-01', projectA, '32');
    const now = t().clock.now();
    current = Math.floor(now / bucketMs) * bucketMs;
    previous = current - bucketMs;
    await query(t(), async (db) => {
      await db
        .insertInto('factors')
        .values({
          factorCode: LEVEL,
          factorName: '液位',
          factorNameEn: 'Liquid level',
          legacyCode: null,
          kind: 'water',
          unit: 'm',
          decimals: 2,
          rangeMin: null,
          rangeMax: null,
          zeroIsSuspect: 0,
          constantCount: 0,
          riseRatio: null,
          dropRatio: null,
          builtIn: 0,
        })
        .execute();
      await db
        .insertInto('latestValues')
        .values([
          latest(clean, 'w01001', 7.2), // pH inside 6–9: class I
          latest(clean, 'w01009', 5.5), // dissolved oxygen ≥ 5: class III
          latest(clean, 'w01018', 15), // COD ≤ 15: class I (I and II share the limit)
          latest(clean, 'w21003', 2.5), // ammonia nitrogen above class V's 2
          latest(clean, 'w01010', 21), // water temperature: no class limits
          latest(dirty, 'w01001', 9.5), // pH outside the range: worse than V
          latest(dirty, 'w01009', 1), // dissolved oxygen below class V's 2
          latest(dirty, 'w01018', 40), // COD at class V's limit
          latest(air, 'a21026', 12),
          latest(elsewhere, 'w01018', 10),
          latest(overflowing, LEVEL, 2),
          latest(overflowing, 'w01018', 10),
        ])
        .execute();
      await db
        .insertInto('measurements')
        .values([
          point(clean, 'w01018', previous + MINUTE_MS, 10),
          point(clean, 'w01018', previous + 2 * MINUTE_MS, 20),
          point(clean, 'w01018', current, 16),
          point(clean, 'w01018', current + 1, null),
          point(clean, 'w01018', now - 25 * HOUR_MS, 99),
          { ...point(clean, 'w01009', current, 50), kind: 'min' },
          point(elsewhere, 'w01018', current, 77),
          point(overflowing, LEVEL, previous, 1.5),
          point(overflowing, LEVEL, current, 2),
          point(overflowing, 'w01018', current, 12),
        ])
        .execute();
      await db
        .insertInto('thresholds')
        .values([
          threshold(overflowing, OVERFLOW_TYPE.fullPipe, 1.8),
          threshold(overflowing, OVERFLOW_TYPE.overflow, 2.5),
          threshold(overflowing, OVERFLOW_TYPE.waterlogging, 3),
          // A plain threshold on the level does not make a station an overflow station, nor a type of it.
          threshold(overflowing, 0, 0.1, THRESHOLD_OPERATOR.lt),
          threshold(silentOverflow, OVERFLOW_TYPE.overflow, 2.5),
          { ...threshold(clean, 0, 30), factorCode: 'w01018' },
        ])
        .execute();
      await db
        .insertInto('alarms')
        .values([
          alarm(overflowing, OVERFLOW_TYPE.fullPipe, true),
          alarm(overflowing, OVERFLOW_TYPE.overflow, false),
          alarm(overflowing, 0, true),
        ])
        .execute();
      await db
        .insertInto('deviceStatus')
        .values({
          deviceId: clean,
          online: 1,
          changedAt: now - 5 * MINUTE_MS,
          lastPacketAt: now,
          remote: '127.0.0.1:1',
        })
        .execute();
    });
  });

  const water = (token: string, params: Record<string, string> = {}) =>
    call<RealtimeWater>(t().app, token, 'GET', WATER, { query: params });
  const overflow = (token: string, params: Record<string, string> = {}) =>
    call<RealtimeOverflow>(t().app, token, 'GET', OVERFLOW, { query: params });

  describe('water stations', () => {
    it("answers the project's water stations only, each value with its surface-water class", async () => {
      const data = await water(admin, { projectId: String(projectA) });
      expect(data.stations.map((s) => s.deviceId)).toEqual([clean, dirty]);
      const [c, d] = data.stations;
      expect(c).toMatchObject({ deviceName: 'Station WS-CLEAN-01', deviceCode: 'WS-CLEAN-01', online: true });
      const classes = (values: { factorCode: string; waterClass: number | null }[] = []) =>
        Object.fromEntries(values.map((v) => [v.factorCode, v.waterClass]));
      expect(classes(c?.values)).toEqual({
        w01001: 1,
        w01009: 3,
        w01010: null,
        w01018: 1,
        w21003: WATER_CLASS_INFERIOR,
      });
      expect(classes(d?.values)).toEqual({ w01001: WATER_CLASS_INFERIOR, w01009: WATER_CLASS_INFERIOR, w01018: 5 });
      expect(c?.values.find((v) => v.factorCode === 'w01018')).toMatchObject({ value: 15, unit: 'mg/L', kind: 'rtd' });
      expect(data.factors.map((f) => f.factorCode)).toEqual(['w01001', 'w01009', 'w01010', 'w01018', 'w21003']);
      // The seeded GB 3838 limits, so a live value's class can be computed on the client.
      expect(data.limits.find((l) => l.factorCode === 'w01009')).toEqual({
        factorCode: 'w01009',
        classLimits: [7.5, 6, 5, 3, 2],
        rangeMin: null,
        rangeMax: null,
      });
      expect(data.limits.find((l) => l.factorCode === 'w01001')).toMatchObject({ rangeMin: 6, rangeMax: 9 });
    });

    it("answers the last day's real-time values averaged per bucket, oldest first", async () => {
      const data = await water(admin, { projectId: String(projectA) });
      expect(data.bucketMs).toBe(bucketMs);
      expect(data.from % bucketMs).toBe(0);
      expect(data.from).toBeLessThanOrEqual(t().clock.now() - REALTIME_TREND.windowMs);
      expect(data.stations[0]?.trend).toEqual([
        { factorCode: 'w01018', time: previous, value: 15, count: 2 },
        { factorCode: 'w01018', time: current, value: 16, count: 1 },
      ]);
      expect(data.stations[1]?.trend).toEqual([]);
    });

    it('answers every project without a choice, and keeps to bound devices with ifFilter=1', async () => {
      const all = await water(admin);
      expect(all.stations.map((s) => s.deviceId)).toEqual(expect.arrayContaining([clean, dirty, elsewhere]));
      expect(all.stations.map((s) => s.deviceId)).not.toContain(air);
      const token = await userWith(t(), admin, 'ws-bound', ['realtime.water'], ['WS-DIRTY-01']);
      const bound = await water(token, { ifFilter: '1' });
      expect(bound.stations.map((s) => s.deviceId)).toEqual([dirty]);
      expect(bound.stations[0]?.trend).toEqual([]);
    });

    it('refuses callers without a session (401) or without the water resource (403)', async () => {
      expect((await t().app.inject({ method: 'GET', url: WATER })).statusCode).toBe(401);
      const other = await userWith(t(), admin, 'ws-data', ['realtime.data', 'realtime.overflow']);
      expect((await t().app.inject({ method: 'GET', url: WATER, headers: { token: other } })).statusCode).toBe(403);
    });
  });

  describe('overflow stations', () => {
    it('answers the devices with overflow thresholds: level, state per type and active overflow alarms', async () => {
      const data = await overflow(admin, { projectId: String(projectA) });
      expect(data.stations.map((s) => s.deviceId)).toEqual([overflowing, silentOverflow]);
      const [o, s] = data.stations;
      expect(o?.levelFactorCode).toBe(LEVEL);
      expect(o?.values.map((v) => [v.factorCode, v.value])).toEqual([[LEVEL, 2]]);
      expect(o?.thresholds.map((th) => [th.overflowType, th.limit1, th.exceeded])).toEqual([
        [OVERFLOW_TYPE.overflow, 2.5, false],
        [OVERFLOW_TYPE.fullPipe, 1.8, true],
        [OVERFLOW_TYPE.waterlogging, 3, false],
      ]);
      expect(o?.thresholds[0]).toMatchObject({ factorCode: LEVEL, operator: THRESHOLD_OPERATOR.gt, enabled: true });
      expect(o?.alarms).toHaveLength(1);
      expect(o?.alarms[0]).toMatchObject({
        deviceId: overflowing,
        overflowType: OVERFLOW_TYPE.fullPipe,
        alarmType: ALARM_TYPE.breaker,
        standardValue: '2.5,1.8,3',
        active: true,
        device: { deviceName: 'Station OF-LEVEL-01' },
        factor: { factorName: '液位' },
      });
      expect(o?.trend).toEqual([
        { factorCode: LEVEL, time: previous, value: 1.5, count: 1 },
        { factorCode: LEVEL, time: current, value: 2, count: 1 },
      ]);
      // Never reported: no level, no state.
      expect(s).toMatchObject({ levelFactorCode: LEVEL, values: [], alarms: [], trend: [], online: false });
      expect(s?.thresholds.map((th) => th.exceeded)).toEqual([null]);
      expect(data.factors).toEqual([
        { factorCode: LEVEL, factorName: '液位', factorNameEn: 'Liquid level', unit: 'm', decimals: 2 },
      ]);
    });

    it('answers no stations for a project without overflow thresholds', async () => {
      const empty = await overflow(admin, { projectId: String(await project('无溢流项目')) });
      expect(empty.stations).toEqual([]);
      const bound = await userWith(t(), admin, 'of-bound', ['realtime.overflow'], ['WS-CLEAN-01']);
      expect((await overflow(bound, { ifFilter: '1' })).stations).toEqual([]);
    });

    it('refuses callers without a session (401) or without the overflow resource (403)', async () => {
      expect((await t().app.inject({ method: 'GET', url: OVERFLOW })).statusCode).toBe(401);
      const other = await userWith(t(), admin, 'of-water', ['realtime.water']);
      expect((await t().app.inject({ method: 'GET', url: OVERFLOW, headers: { token: other } })).statusCode).toBe(403);
      const allowed = await userWith(t(), admin, 'of-ok', ['realtime.overflow']);
      expect((await overflow(allowed, { projectId: String(projectA) })).stations).toHaveLength(2);
    });
  });
});
