import { FACTORS } from '@envmon/hj212';
import { RESOURCE_TREE, VOCABULARIES, type ResourceSeed } from '@envmon/shared';
import type { Kysely } from 'kysely';
import { defaultQualityParams } from '../../ingest/quality-defaults.js';
import { PLATFORM_FACTORS } from '../platform-factors.js';
import type { Database } from '../schema.js';

/** Built-in reference rows, added where missing on every start: resources, dictionary, factor catalogue, water-class limits. */

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

/** Inserts the tree's missing resources; returns code → id for every seeded code. */
export async function seedResources(db: Kysely<Database>): Promise<Map<string, number>> {
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

export async function seedDictionary(db: Kysely<Database>): Promise<void> {
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
export async function seedFactors(db: Kysely<Database>): Promise<void> {
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
export async function seedSurfaceWaterLimits(db: Kysely<Database>): Promise<void> {
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
