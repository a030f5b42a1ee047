import { randomBytes } from 'node:crypto';
import { FACTORS } from '@envmon/hj212';
import {
  ADMIN_ROLE,
  ALARM_TYPE,
  DEPLOY_TYPE,
  OVERFLOW_TYPE,
  passwordSchema,
  THRESHOLD_OPERATOR,
  RESOURCE_TREE,
  VOCABULARIES,
  type ResourceSeed,
} from '@envmon/shared';
import type { Kysely } from 'kysely';
import { defaultQualityParams } from '../ingest/quality-defaults.js';
import type { Clock } from '../lib/clock.js';
import { simulatedStationSpecs, type SimulatedStationSpec } from '../simulator/fleet.js';
import type { StationKind } from '../simulator/station-model.js';
import type { PasswordHasher } from '../lib/password.js';
import { LEVEL_FACTOR_CODE, PLATFORM_FACTORS } from './platform-factors.js';
import type { Database } from './schema.js';

export interface SeedOptions {
  demo: boolean;
  adminPassword: string | null;
  hasher: PasswordHasher;
  clock: Clock;
}

/** Set when this run created the admin user; `generated` passwords must be shown once. */
export interface SeedReport {
  admin: { userName: string; password: string; generated: boolean } | null;
}

const ADMIN_USER = 'admin';

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
 * GB 3838-2002 surface-water quality classes I–V (river values; mg/L) for the catalogue's factors.
 * Dissolved oxygen is a lower bound (classes run down: DESC); pH has one range for every class.
 */
const SURFACE_WATER_LIMITS: readonly {
  factorCode: string;
  classes: readonly [number, number, number, number, number] | null;
  range?: readonly [number, number];
}[] = [
  { factorCode: 'w01001', classes: null, range: [6, 9] }, // pH
  { factorCode: 'w01009', classes: [7.5, 6, 5, 3, 2] }, // dissolved oxygen ≥
  { factorCode: 'w01019', classes: [2, 4, 6, 10, 15] }, // permanganate index (CODMn)
  { factorCode: 'w01018', classes: [15, 15, 20, 30, 40] }, // COD
  { factorCode: 'w21003', classes: [0.15, 0.5, 1, 1.5, 2] }, // ammonia nitrogen
  { factorCode: 'w21011', classes: [0.02, 0.1, 0.2, 0.3, 0.4] }, // total phosphorus (rivers)
  { factorCode: 'w21001', classes: [0.2, 0.5, 1, 1.5, 2] }, // total nitrogen
  { factorCode: 'w22001', classes: [0.05, 0.05, 0.05, 0.5, 1] }, // petroleum
  { factorCode: 'w23002', classes: [0.002, 0.002, 0.005, 0.01, 0.1] }, // volatile phenol
];

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

/**
 * Built-in rows, safe to run on every start: resources of RESOURCE_TREE and dictionary entries
 * of VOCABULARIES that are missing are added (so an upgrade brings new screens), role admin
 * holds every resource. The admin user — and, in demo mode, the demo roles, users and projects —
 * are created on first start only (no users yet), so deleting them later is respected. The demo
 * stations, which the demo simulates on every start, are registered on first start and, in a
 * database that holds some of them, again when one is missing (a demo from before the overflow
 * station gets it); never twice.
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedReport> {
  if (options.adminPassword !== null && !passwordSchema.safeParse(options.adminPassword).success) {
    throw new Error('ADMIN_PASSWORD must be 6 to 64 characters long');
  }
  return db.transaction().execute(async (trx) => {
    const now = options.clock.now();
    const resourceIds = await seedResources(trx);
    await seedDictionary(trx);
    await seedFactors(trx);
    await seedSurfaceWaterLimits(trx);
    const adminRoleId = await ensureRole(trx, ADMIN_ROLE, '超级管理员', now);
    await linkResources(trx, adminRoleId, [...resourceIds.values()]);

    const firstStart = (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) === undefined;
    let admin: SeedReport['admin'] = null;
    if (firstStart) {
      const generated = options.adminPassword === null;
      const password = options.adminPassword ?? randomBytes(12).toString('base64url');
      await createUser(
        trx,
        options,
        { userName: ADMIN_USER, password, name: '管理员', roleId: adminRoleId, builtIn: 1 },
        now,
      );
      if (options.demo) await seedDemo(trx, options, resourceIds, now);
      admin = { userName: ADMIN_USER, password, generated };
    }
    if (options.demo) await seedDemoStations(trx, now, firstStart);
    return { admin };
  });
}

/** Inserts the tree's missing resources; returns code → id for every seeded code. */
async function seedResources(db: Kysely<Database>): Promise<Map<string, number>> {
  const existing = await db.selectFrom('resources').select(['id', 'resCode']).execute();
  const ids = new Map(existing.map((r) => [r.resCode, r.id]));

  async function insert(seed: ResourceSeed, parentResId: number | null, module: number, childModule: number) {
    let id = ids.get(seed.code);
    if (id === undefined) {
      ({ id } = await db
        .insertInto('resources')
        .values({
          resCode: seed.code,
          resName: seed.zh,
          resNameEn: seed.en,
          resUrl: seed.url,
          parentResId,
          iconfont: seed.icon || null,
          module,
          childModule,
          resType: seed.resType,
          action: seed.action,
          builtIn: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
      ids.set(seed.code, id);
    }
    return id;
  }

  // module = group position, childModule = position within the group (SPEC section 6 ordering).
  for (const [g, group] of RESOURCE_TREE.entries()) {
    const groupId = await insert(group, null, g + 1, 0);
    for (const [c, child] of (group.children ?? []).entries()) {
      const childId = await insert(child, groupId, g + 1, c + 1);
      for (const operation of child.children ?? []) await insert(operation, childId, g + 1, c + 1);
    }
  }
  return ids;
}

async function seedDictionary(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('dictionary').select(['tableName', 'columnName', 'value']).execute();
  const have = new Set(existing.map((e) => `${e.tableName}\u0000${e.columnName}\u0000${e.value}`));
  const rows = Object.values(VOCABULARIES).flatMap((v) =>
    v.items
      .map((item, index) => ({
        tableName: v.tableName,
        columnName: v.columnName,
        value: item.value,
        label: item.zh,
        labelEn: item.en,
        color: 'color' in item ? item.color : null,
        sort: index + 1,
        builtIn: 1,
        remark: null,
      }))
      .filter((r) => !have.has(`${r.tableName}\u0000${r.columnName}\u0000${r.value}`)),
  );
  // Chunked: SQLite caps the number of bound parameters per statement.
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('dictionary')
      .values(rows.slice(i, i + 50))
      .execute();
  }
}

/**
 * The unit the catalogue keeps: none where the document prints 'dimensionless' (pH), so that screens and
 * exports in either language show no unit rather than an English word.
 */
const catalogueUnit = (unit: string | undefined): string | null =>
  unit === undefined || unit === 'dimensionless' ? null : unit;

/** The HJ 212 factor catalogue (and the platform's own factors) with default quality parameters; rows already present are left as edited. */
async function seedFactors(db: Kysely<Database>): Promise<void> {
  const existing = new Set((await db.selectFrom('factors').select('factorCode').execute()).map((f) => f.factorCode));
  const rows = [...FACTORS, ...PLATFORM_FACTORS]
    .filter((f) => !existing.has(f.code))
    .map((f) => {
      const q = defaultQualityParams(f.code);
      return {
        factorCode: f.code,
        factorName: f.zh,
        factorNameEn: f.en,
        legacyCode: f.legacyCode ?? null,
        kind: f.kind,
        unit: catalogueUnit(f.unit),
        decimals: f.decimals ?? null,
        rangeMin: q.rangeMin,
        rangeMax: q.rangeMax,
        zeroIsSuspect: q.zeroIsSuspect ? 1 : 0,
        constantCount: q.constantCount,
        riseRatio: q.riseRatio,
        dropRatio: q.dropRatio,
        outlierMin: q.outlierMin,
        outlierMax: q.outlierMax,
        builtIn: 1,
      };
    });
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('factors')
      .values(rows.slice(i, i + 50))
      .execute();
  }
}

/** The class limits of the factors in the catalogue; rows already present are left as edited. */
async function seedSurfaceWaterLimits(db: Kysely<Database>): Promise<void> {
  const factors = new Set((await db.selectFrom('factors').select('factorCode').execute()).map((f) => f.factorCode));
  const existing = new Set(
    (await db.selectFrom('surfaceWaterLimits').select('factorCode').execute()).map((l) => l.factorCode),
  );
  const rows = SURFACE_WATER_LIMITS.filter((l) => factors.has(l.factorCode) && !existing.has(l.factorCode)).map(
    (l) => ({
      factorCode: l.factorCode,
      class1: l.classes?.[0] ?? null,
      class2: l.classes?.[1] ?? null,
      class3: l.classes?.[2] ?? null,
      class4: l.classes?.[3] ?? null,
      class5: l.classes?.[4] ?? null,
      rangeMin: l.range?.[0] ?? null,
      rangeMax: l.range?.[1] ?? null,
    }),
  );
  if (rows.length > 0) await db.insertInto('surfaceWaterLimits').values(rows).execute();
}

async function ensureRole(db: Kysely<Database>, roleName: string, remark: string, now: number): Promise<number> {
  const found = await db.selectFrom('roles').select('id').where('roleName', '=', roleName).executeTakeFirst();
  if (found) return found.id;
  const { id } = await db
    .insertInto('roles')
    .values({ roleName, remark, builtIn: roleName === ADMIN_ROLE ? 1 : 0, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function linkResources(db: Kysely<Database>, roleId: number, resourceIds: readonly number[]): Promise<void> {
  const linked = await db.selectFrom('roleResources').select('resourceId').where('roleId', '=', roleId).execute();
  const have = new Set(linked.map((l) => l.resourceId));
  const missing = resourceIds.filter((id) => !have.has(id)).map((resourceId) => ({ roleId, resourceId }));
  for (let i = 0; i < missing.length; i += 200) {
    await db
      .insertInto('roleResources')
      .values(missing.slice(i, i + 200))
      .execute();
  }
}

async function createUser(
  db: Kysely<Database>,
  options: SeedOptions,
  user: { userName: string; password: string; name: string; roleId: number; builtIn: number },
  now: number,
): Promise<void> {
  const { id } = await db
    .insertInto('users')
    .values({
      userName: user.userName,
      passwordHash: await options.hasher.hash(user.password),
      name: user.name,
      nackName: null,
      avatar: null,
      phone: null,
      email: null,
      ifValid: 1,
      builtIn: user.builtIn,
      remark: null,
      createTime: now,
      updateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('userRoles').values({ userId: id, roleId: user.roleId }).execute();
}

/** The demo's roles, users and projects, on first start. */
async function seedDemo(db: Kysely<Database>, options: SeedOptions, resourceIds: Map<string, number>, now: number) {
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
    await createUser(db, options, { ...user, roleId, builtIn: 0 }, now);
  }
  await db
    .insertInto('deployClassify')
    .values(DEMO_PROJECTS.map((p) => ({ ...p, deployType: DEPLOY_TYPE.project, createTime: now })))
    .execute();
}

/**
 * Registers the demo stations that are missing (by MN) with their factors, thresholds and alarm
 * strategies: all of them on first start; later only in a database that holds some of them, so a
 * database the demo did not seed, or whose demo stations were all deleted, is left alone.
 */
async function seedDemoStations(db: Kysely<Database>, now: number, firstStart: boolean): Promise<void> {
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
