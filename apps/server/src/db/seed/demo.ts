import { ALARM_TYPE, AQI_FACTORS, DEPLOY_TYPE, OVERFLOW_TYPE, THRESHOLD_OPERATOR } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { PasswordHasher } from '../../lib/password.js';
import { simulatedStationSpecs, type SimulatedStationSpec } from '../../simulator/fleet.js';
import type { StationKind } from '../../simulator/station-model.js';
import { LEVEL_FACTOR_CODE } from '../platform-factors.js';
import type { Database } from '../schema.js';
import { createUser, ensureRole, linkResources } from './accounts.js';

/** Demo roles (issue 2 brief): resource codes are picked by group, `:write` codes optionally left out. */
const DEMO_ROLES: readonly {
  roleName: string;
  remark: string;
  full: readonly string[];
  readOnly: readonly string[];
}[] = [
  { roleName: 'operator', remark: '运维人员', full: ['realtime', 'query', 'report', 'alarm'], readOnly: ['water'] },
  { roleName: 'viewer', remark: '访客', full: ['realtime', 'query'], readOnly: [] },
];

const DEMO_USERS = [
  { userName: 'operator', password: 'Operator@123', name: '运维人员', roleName: 'operator' },
  { userName: 'viewer', password: 'Viewer@123', name: '访客', roleName: 'viewer' },
] as const;

const DEMO_PROJECTS = [
  { deployName: '深圳河流域水质监测', deployNameEn: 'Shenzhen River water' },
  { deployName: '龙岗区空气质量', deployNameEn: 'Longgang air' },
] as const;

/** Simulated water and air stations registered in demo mode; `npm start` runs them in-process (see main.ts). */
export const DEMO_STATION_COUNT = 6;
/** And one overflow station, so that the real-time overflow screen has one to show. */
export const DEMO_OVERFLOW_STATION_COUNT = 1;
/** Demo report interval (seconds) of the simulated stations' real-time data. */
export const DEMO_STATION_INTERVAL = 30;

/** The demo's simulated stations, in the order they are registered and simulated. */
export function demoStationSpecs(): SimulatedStationSpec[] {
  return simulatedStationSpecs(DEMO_STATION_COUNT, undefined, { overflow: DEMO_OVERFLOW_STATION_COUNT });
}

/** Where the demo stations stand: along the Shenzhen River and in Longgang, near the default map centre. */
const DEMO_STATION_PLACES = [
  { lng: 114.1, lat: 22.53, address: '深圳河 罗湖口岸断面' },
  { lng: 114.25, lat: 22.72, address: '龙岗区 龙城街道' },
  { lng: 114.13, lat: 22.55, address: '深圳河 渔农村断面' },
  { lng: 114.29, lat: 22.7, address: '龙岗区 横岗街道' },
  { lng: 114.05, lat: 22.52, address: '深圳河 河口断面' },
  { lng: 114.35, lat: 22.74, address: '龙岗区 坪地街道' },
  { lng: 114.12, lat: 22.545, address: '深圳河 布吉河口溢流口' },
] as const;

/**
 * Demo thresholds on the simulated stations' main factors (operator, limit, the GB 3838 class the
 * limit comes from, the overflow type). Set above what a normal hour produces, so that a station
 * alarms during its hourly episode (COD and ammonia nitrogen, PM2.5, the sewer's level; see the
 * station model's EPISODE) and now and then in rain or a pollution peak, never constantly.
 */
const DEMO_THRESHOLDS: readonly {
  kind: StationKind;
  factorCode: string;
  operator: number;
  limit1: number;
  limit2?: number;
  waterClass?: number;
  overflowType?: number;
}[] = [
  { kind: 'water', factorCode: 'w01001', operator: THRESHOLD_OPERATOR.notIn, limit1: 6, limit2: 9 },
  { kind: 'water', factorCode: 'w01009', operator: THRESHOLD_OPERATOR.lt, limit1: 5, waterClass: 3 },
  { kind: 'water', factorCode: 'w01018', operator: THRESHOLD_OPERATOR.gt, limit1: 30, waterClass: 4 },
  { kind: 'water', factorCode: 'w21003', operator: THRESHOLD_OPERATOR.gt, limit1: 1, waterClass: 3 },
  { kind: 'water', factorCode: 'w21011', operator: THRESHOLD_OPERATOR.gt, limit1: 0.2, waterClass: 3 },
  // GB 3095-2012 class II 24-hour limits (µg/m³).
  { kind: 'air', factorCode: 'a34004', operator: THRESHOLD_OPERATOR.gt, limit1: 75 },
  { kind: 'air', factorCode: 'a34002', operator: THRESHOLD_OPERATOR.gt, limit1: 150 },
  // The outfall's pipe is full at 1.2 m, spills over its weir at 1.8 m and floods the street at 2.6 m.
  {
    kind: 'overflow',
    factorCode: LEVEL_FACTOR_CODE,
    operator: THRESHOLD_OPERATOR.gt,
    limit1: 1.8,
    overflowType: OVERFLOW_TYPE.overflow,
  },
  {
    kind: 'overflow',
    factorCode: LEVEL_FACTOR_CODE,
    operator: THRESHOLD_OPERATOR.gt,
    limit1: 1.2,
    overflowType: OVERFLOW_TYPE.fullPipe,
  },
  {
    kind: 'overflow',
    factorCode: LEVEL_FACTOR_CODE,
    operator: THRESHOLD_OPERATOR.gt,
    limit1: 2.6,
    overflowType: OVERFLOW_TYPE.waterlogging,
  },
];

/**
 * The demo stations' alarm strategy for the types their thresholds raise: a recovery must hold two
 * minutes, so a value hovering at a limit (or a minute average lagging the real-time value) does
 * not clear and raise the same alarm again.
 */
const DEMO_STRATEGY = { consecutiveCount: 1, recoverySeconds: 120, repeatIntervalMinutes: 0 } as const;
const DEMO_STRATEGY_TYPES: readonly number[] = [ALARM_TYPE.threshold, ALARM_TYPE.breaker];

/** Water and overflow stations belong to the river's project, air stations to Longgang's. */
const projectOf = (kind: StationKind): (typeof DEMO_PROJECTS)[number] =>
  kind === 'air' ? DEMO_PROJECTS[1] : DEMO_PROJECTS[0];

const inGroup = (code: string, group: string) => code === group || code.startsWith(`${group}.`);

/** The demo's roles, users and projects, on first start. */
export async function seedDemo(
  db: Kysely<Database>,
  hasher: PasswordHasher,
  resourceIds: Map<string, number>,
  now: number,
) {
  const roleIds = new Map<string, number>();
  for (const role of DEMO_ROLES) {
    const roleId = await ensureRole(db, role.roleName, role.remark, now);
    roleIds.set(role.roleName, roleId);
    const picked = [...resourceIds].filter(
      ([code]) =>
        role.full.some((g) => inGroup(code, g)) ||
        role.readOnly.some((g) => inGroup(code, g) && !code.endsWith(':write')),
    );
    await linkResources(
      db,
      roleId,
      picked.map(([, id]) => id),
    );
  }
  for (const user of DEMO_USERS) {
    const roleId = roleIds.get(user.roleName);
    if (roleId === undefined) throw new Error(`demo role ${user.roleName} missing`);
    await createUser(db, hasher, { ...user, roleId, builtIn: 0 }, now);
  }
  await db
    .insertInto('deployClassify')
    .values(DEMO_PROJECTS.map((p) => ({ ...p, deployType: DEPLOY_TYPE.project, createTime: now })))
    .execute();
  await useAmbientUnits(db);
}

/**
 * The demo's air stations are ambient stations: they report the AQI pollutants in HJ 633's units (SO2,
 * NO2 and O3 in µg/m³), where the HJ 212 catalogue prints mg/m³ for SO2 and NO2 (emission monitoring) and
 * no unit for O3. The demo's catalogue says what its stations send, so that screens print the right unit
 * and the AQI reads the values as they are.
 */
async function useAmbientUnits(db: Kysely<Database>): Promise<void> {
  for (const factor of Object.values(AQI_FACTORS)) {
    await db.updateTable('factors').set({ unit: factor.unit }).where('factorCode', '=', factor.code).execute();
  }
}

/**
 * Registers the demo stations that are missing (by MN) with their factors, thresholds and alarm
 * strategies: all of them on first start; later only in a database that holds some of them, so a
 * database the demo did not seed, or whose demo stations were all deleted, is left alone.
 */
export async function seedDemoStations(db: Kysely<Database>, now: number, firstStart: boolean): Promise<void> {
  const specs = demoStationSpecs();
  const registered = new Set(
    (
      await db
        .selectFrom('devices')
        .select('deviceCode')
        .where(
          'deviceCode',
          'in',
          specs.map((s) => s.mn),
        )
        .execute()
    ).map((d) => d.deviceCode),
  );
  if (!firstStart && registered.size === 0) return;
  const missing = specs.filter((spec) => !registered.has(spec.mn));
  if (missing.length === 0) return;

  const projects = await db
    .selectFrom('deployClassify')
    .select(['id', 'deployName'])
    .where('deployType', '=', DEPLOY_TYPE.project)
    .where(
      'deployName',
      'in',
      DEMO_PROJECTS.map((p) => p.deployName),
    )
    .orderBy('id')
    .execute();
  const projectIdOf = (kind: StationKind) =>
    projects.find((p) => p.deployName === projectOf(kind).deployName)?.id ?? null;
  const stations = missing.map((spec) => {
    const place = DEMO_STATION_PLACES[specs.indexOf(spec) % DEMO_STATION_PLACES.length];
    return {
      deviceName: spec.name.zh,
      deviceCode: spec.mn,
      deviceType: spec.st,
      password: spec.pw,
      intervalTime: DEMO_STATION_INTERVAL,
      projectId: projectIdOf(spec.kind),
      lng: place?.lng ?? null,
      lat: place?.lat ?? null,
      installAddress: place?.address ?? null,
      installDate: now,
      remark: spec.name.en,
      createTime: now,
      updateTime: now,
    };
  });
  const devices = await db
    .insertInto('devices')
    .values(stations)
    .returning(['id', 'deviceCode', 'projectId'])
    .execute();
  // Each demo station's project as a grouping record, and the factors its simulated station sends.
  const grouped = devices.flatMap((d) =>
    d.projectId === null ? [] : [{ deviceId: d.id, deployId: d.projectId, deployType: DEPLOY_TYPE.project }],
  );
  if (grouped.length > 0) await db.insertInto('deviceDeploy').values(grouped).execute();
  const known = new Set((await db.selectFrom('factors').select('factorCode').execute()).map((f) => f.factorCode));
  const idOf = new Map(devices.map((d) => [d.deviceCode, d.id]));
  const deviceFactors = missing.flatMap((spec) => {
    const deviceId = idOf.get(spec.mn);
    if (deviceId === undefined) return [];
    return spec.factors
      .filter((code) => known.has(code))
      .map((factorCode, order) => ({ deviceId, factorCode, displayOrder: order + 1 }));
  });
  for (let i = 0; i < deviceFactors.length; i += 50) {
    await db
      .insertInto('deviceFactors')
      .values(deviceFactors.slice(i, i + 50))
      .execute();
  }
  await seedDemoThresholds(db, missing, idOf, now);
}

async function seedDemoThresholds(
  db: Kysely<Database>,
  specs: readonly SimulatedStationSpec[],
  idOf: ReadonlyMap<string, number>,
  now: number,
): Promise<void> {
  const limits = await db.selectFrom('surfaceWaterLimits').selectAll().execute();
  const limitId = (factorCode: string) => limits.find((l) => l.factorCode === factorCode)?.id ?? null;
  const rows = specs.flatMap((spec) => {
    const deviceId = idOf.get(spec.mn);
    if (deviceId === undefined) return [];
    return DEMO_THRESHOLDS.filter((t) => t.kind === spec.kind && spec.factors.includes(t.factorCode)).map((t) => ({
      deviceId,
      factorCode: t.factorCode,
      overflowType: t.overflowType ?? 0,
      operator: t.operator,
      limit1: t.limit1,
      limit2: t.limit2 ?? null,
      limitId: t.waterClass === undefined ? null : limitId(t.factorCode),
      alarmLevel: 1,
      enabled: 1,
      updateTime: now,
    }));
  });
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('thresholds')
      .values(rows.slice(i, i + 50))
      .execute();
  }
  const strategies = specs.flatMap((spec) => {
    const deviceId = idOf.get(spec.mn);
    if (deviceId === undefined) return [];
    return DEMO_STRATEGY_TYPES.map((alarmType) => ({
      deviceId,
      alarmType,
      enabled: 1,
      alarmLevel: 1,
      ...DEMO_STRATEGY,
      updateTime: now,
    }));
  });
  for (let i = 0; i < strategies.length; i += 50) {
    await db
      .insertInto('alarmStrategies')
      .values(strategies.slice(i, i + 50))
      .execute();
  }
}
