import { type Kysely, sql, type Transaction } from 'kysely';
import type {
  Database,
  LatestValuesTable,
  MeasurementKind,
  MeasurementsTable,
  OriginalPacketsTable,
} from '../db/schema.js';

export type OriginalRow = Omit<OriginalPacketsTable, 'id'>;
export type MeasurementRow = MeasurementsTable;
export type LatestRow = LatestValuesTable;

/** A month or year whose platform-kept value must be recomputed from the day values in [from, to). */
export interface RollupTarget {
  deviceId: number;
  factorCode: string;
  kind: Extract<MeasurementKind, 'month' | 'year'>;
  from: number;
  to: number;
}

export interface IngestBatch {
  originals: OriginalRow[];
  measurements: MeasurementRow[];
  latest: LatestRow[];
  rollups: RollupTarget[];
}

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters at 12 columns a row. */
const ROWS_PER_STATEMENT = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/** The storage side of the ingest pipeline: one transaction per batch. */
export interface IngestRepository {
  /**
   * Writes a batch atomically. Measurement keys and latest-value keys must be unique within the
   * batch (PostgreSQL refuses to upsert one row twice in a statement); the pipeline dedupes.
   */
  writeBatch(batch: IngestBatch): Promise<void>;
}

/** Through Kysely: PostgreSQL (and any dialect Kysely speaks). */
export class KyselyIngestRepository implements IngestRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async writeBatch(batch: IngestBatch): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const rows of chunks(batch.originals)) await trx.insertInto('originalPackets').values(rows).execute();
      for (const rows of chunks(batch.measurements)) await upsertMeasurements(trx, rows);
      for (const rows of chunks(batch.latest)) await upsertLatest(trx, rows);
      for (const target of batch.rollups) await recomputeRollup(trx, target);
    });
  }
}

async function upsertMeasurements(trx: Transaction<Database>, rows: MeasurementRow[]): Promise<void> {
  await trx
    .insertInto('measurements')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['deviceId', 'kind', 'dataTime', 'factorCode']).doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        min: eb.ref('excluded.min'),
        max: eb.ref('excluded.max'),
        cou: eb.ref('excluded.cou'),
        flag: eb.ref('excluded.flag'),
        quality: eb.ref('excluded.quality'),
        receivedAt: eb.ref('excluded.receivedAt'),
      })),
    )
    .execute();
}

async function upsertLatest(trx: Transaction<Database>, rows: LatestRow[]): Promise<void> {
  await trx
    .insertInto('latestValues')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['deviceId', 'factorCode'])
        .doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          dataTime: eb.ref('excluded.dataTime'),
          value: eb.ref('excluded.value'),
          flag: eb.ref('excluded.flag'),
          quality: eb.ref('excluded.quality'),
          receivedAt: eb.ref('excluded.receivedAt'),
        }))
        // A backfilled older value never replaces a newer one.
        .where((eb) => eb('excluded.dataTime', '>=', eb.ref('latestValues.dataTime'))),
    )
    .execute();
}

async function recomputeRollup(trx: Transaction<Database>, t: RollupTarget): Promise<void> {
  await trx
    .insertInto('measurements')
    .columns([
      'deviceId',
      'kind',
      'dataTime',
      'factorCode',
      'value',
      'min',
      'max',
      'cou',
      'flag',
      'quality',
      'receivedAt',
    ])
    .expression((eb) =>
      eb
        .selectFrom('measurements')
        .where('deviceId', '=', t.deviceId)
        .where('factorCode', '=', t.factorCode)
        .where('kind', '=', 'day')
        .where('dataTime', '>=', t.from)
        .where('dataTime', '<', t.to)
        // Typed casts: PostgreSQL cannot infer the type of a bare parameter in a select list.
        .select((s) => [
          sql<number>`cast(${t.deviceId} as integer)`.as('deviceId'),
          sql<MeasurementKind>`cast(${t.kind} as text)`.as('kind'),
          sql<number>`cast(${t.from} as bigint)`.as('dataTime'),
          sql<string>`cast(${t.factorCode} as text)`.as('factorCode'),
          s.fn.avg<number>('value').as('value'),
          s.fn.min<number>(s.fn.coalesce('min', 'value')).as('min'),
          s.fn.max<number>(s.fn.coalesce('max', 'value')).as('max'),
          s.fn.sum<number>('cou').as('cou'),
          sql<null>`null`.as('flag'),
          sql<string>`'N'`.as('quality'),
          s.fn.max<number>('receivedAt').as('receivedAt'),
        ])
        .groupBy(['deviceId', 'factorCode']),
    )
    .onConflict((oc) =>
      oc.columns(['deviceId', 'kind', 'dataTime', 'factorCode']).doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        min: eb.ref('excluded.min'),
        max: eb.ref('excluded.max'),
        cou: eb.ref('excluded.cou'),
        receivedAt: eb.ref('excluded.receivedAt'),
      })),
    )
    .execute();
}
