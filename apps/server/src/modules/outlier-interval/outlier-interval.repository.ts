import type {
  OutlierApplicationListQuery,
  OutlierApplyKind,
  OutlierIntervalListQuery,
  OutlierRule,
} from '@envmon/shared';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, OutlierApplicationsTable, OutlierIntervalsTable } from '../../db/schema.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';
import { formatMonths, parseMonths } from '../../db/queries/outlier-months.js';
import { selectPage } from '../../db/sql.js';
import { ROLLUP_AGGREGATES } from '../../ingest/ingest.repository.js';

export type OutlierIntervalRow = Selectable<OutlierIntervalsTable> & {
  deviceName: string | null;
  deviceCode: string | null;
  factorName: string | null;
  factorNameEn: string | null;
  unit: string | null;
};

export type OutlierApplicationRow = Selectable<OutlierApplicationsTable>;

/** An interval as stored, months as the list they are. */
export interface IntervalValues {
  deviceId: number | null;
  factorCode: string;
  months: readonly number[];
  abnMin: number | null;
  abnMax: number | null;
  wnMin: number | null;
  wnMax: number | null;
  remark: string | null;
}

/** A stored value the intervals decide (platform quality N, WN or ABN), as re-application reads it. */
export interface JudgedValue {
  factorCode: string;
  dataTime: number;
  value: number;
  quality: string;
}

/** A value whose platform flag re-application changes. */
export interface QualityChange {
  factorCode: string;
  dataTime: number;
  quality: string;
}

export interface ApplyDevice {
  id: number;
  deviceName: string;
  utcOffsetMinutes: number;
}

const COLUMNS = [
  'outlierIntervals.id',
  'outlierIntervals.deviceId',
  'devices.deviceName',
  'devices.deviceCode',
  'outlierIntervals.factorCode',
  'factors.factorName',
  'factors.factorNameEn',
  'factors.unit',
  'outlierIntervals.months',
  'outlierIntervals.abnMin',
  'outlierIntervals.abnMax',
  'outlierIntervals.wnMin',
  'outlierIntervals.wnMax',
  'outlierIntervals.remark',
  'outlierIntervals.updatedBy',
  'outlierIntervals.createTime',
  'outlierIntervals.updateTime',
] as const;

/** The intervals re-judged in one statement each: the platform flags they alone decide. */
const INTERVAL_QUALITIES = ['N', 'WN', 'ABN'];

/** outlier_intervals and outlier_applications, and the stored values re-application re-judges. */
export class OutlierIntervalRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private joined() {
    return this.db
      .selectFrom('outlierIntervals')
      .leftJoin('devices', 'devices.id', 'outlierIntervals.deviceId')
      .leftJoin('factors', 'factors.factorCode', 'outlierIntervals.factorCode');
  }

  /**
   * A page of the factors' intervals (they hold for every station) and the intervals of the stations in scope, by
   * factor, the factor's first, then by station and months.
   */
  list(query: OutlierIntervalListQuery, scope: DeviceScope): Promise<{ rows: OutlierIntervalRow[]; total: number }> {
    let filtered = this.joined().where((eb) =>
      eb.or([eb('outlierIntervals.deviceId', 'is', null), devicesInScope(eb, scope)]),
    );
    if (query.deviceId !== undefined) filtered = filtered.where('outlierIntervals.deviceId', '=', query.deviceId);
    if (query.factorCode) filtered = filtered.where('outlierIntervals.factorCode', '=', query.factorCode);
    if (query.level === 'factor') filtered = filtered.where('outlierIntervals.deviceId', 'is', null);
    if (query.level === 'device') filtered = filtered.where('outlierIntervals.deviceId', 'is not', null);
    return selectPage(filtered, query, (q) =>
      q
        .select(COLUMNS)
        .orderBy('outlierIntervals.factorCode')
        .orderBy((eb) => eb.case().when('outlierIntervals.deviceId', 'is', null).then(0).else(1).end())
        .orderBy('devices.deviceName')
        .orderBy('outlierIntervals.months')
        .orderBy('outlierIntervals.id'),
    );
  }

  async find(id: number): Promise<OutlierIntervalRow | null> {
    return (await this.joined().select(COLUMNS).where('outlierIntervals.id', '=', id).executeTakeFirst()) ?? null;
  }

  /** The months of the other intervals of the same factor and level (the factor's, or this device's). */
  async siblingMonths(deviceId: number | null, factorCode: string, except: number | null): Promise<number[][]> {
    let query = this.db
      .selectFrom('outlierIntervals')
      .select('months')
      .where('factorCode', '=', factorCode)
      .where('deviceId', deviceId === null ? 'is' : '=', deviceId);
    if (except !== null) query = query.where('id', '<>', except);
    return (await query.execute()).map((r) => parseMonths(r.months));
  }

  async factorExists(factorCode: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('factors')
      .select('factorCode')
      .where('factorCode', '=', factorCode)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(values: IntervalValues, userName: string, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('outlierIntervals')
      .values({ ...values, months: formatMonths(values.months), updatedBy: userName, createTime: now, updateTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, values: IntervalValues, userName: string, now: number): Promise<void> {
    await this.db
      .updateTable('outlierIntervals')
      .set({ ...values, months: formatMonths(values.months), updatedBy: userName, updateTime: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('outlierIntervals').where('id', '=', id).execute();
  }

  /** Every interval, as the judging function takes them. */
  async rules(): Promise<OutlierRule[]> {
    const rows = await this.db
      .selectFrom('outlierIntervals')
      .select(['deviceId', 'factorCode', 'months', 'abnMin', 'abnMax', 'wnMin', 'wnMax'])
      .execute();
    return rows.map((r) => ({ ...r, months: parseMonths(r.months) }));
  }

  /** The devices in scope, of `ids` when given (none given: all of the scope), with their calendar. */
  devices(ids: readonly number[], scope: DeviceScope): Promise<ApplyDevice[]> {
    let query = this.db
      .selectFrom('devices')
      .select(['devices.id', 'devices.deviceName', 'devices.utcOffsetMinutes'])
      .where((eb) => devicesInScope(eb, scope));
    if (ids.length > 0) query = query.where('devices.id', 'in', ids);
    return query.orderBy('devices.id').execute();
  }

  /**
   * The next `limit` values the intervals decide of one device and kind in [from, to), after the key `after`
   * (time, then factor), of `factorCodes` when given.
   */
  judgedValues(
    deviceId: number,
    kind: OutlierApplyKind,
    range: { from: number; to: number },
    factorCodes: readonly string[],
    after: { dataTime: number; factorCode: string } | null,
    limit: number,
  ): Promise<JudgedValue[]> {
    let query = this.db
      .selectFrom('measurements')
      .select(['factorCode', 'dataTime', 'quality', 'value'])
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('dataTime', '>=', range.from)
      .where('dataTime', '<', range.to)
      .where('value', 'is not', null)
      .where('quality', 'in', INTERVAL_QUALITIES);
    if (factorCodes.length > 0) query = query.where('factorCode', 'in', factorCodes);
    if (after) {
      const { dataTime, factorCode } = after;
      query = query.where((eb) =>
        eb.or([
          eb('dataTime', '>', dataTime),
          eb.and([eb('dataTime', '=', dataTime), eb('factorCode', '>', factorCode)]),
        ]),
      );
    }
    // Null values are left out above.
    return query.orderBy('dataTime').orderBy('factorCode').limit(limit).$narrowType<{ value: number }>().execute();
  }

  /**
   * Writes new platform flags of one device's values of a kind, the newest value of each factor (latest_values)
   * following; in one transaction.
   */
  async setQualities(deviceId: number, kind: OutlierApplyKind, changes: readonly QualityChange[]): Promise<void> {
    if (changes.length === 0) return;
    // One statement per factor and flag: a chunk's changes are a handful of groups.
    const groups = new Map<string, { factorCode: string; quality: string; times: number[] }>();
    for (const c of changes) {
      const key = `${c.factorCode}|${c.quality}`;
      const group = groups.get(key) ?? { factorCode: c.factorCode, quality: c.quality, times: [] };
      group.times.push(c.dataTime);
      groups.set(key, group);
    }
    await this.db.transaction().execute(async (trx) => {
      for (const g of groups.values()) {
        for (let i = 0; i < g.times.length; i += 500) {
          const times = g.times.slice(i, i + 500);
          await trx
            .updateTable('measurements')
            .set({ quality: g.quality })
            .where('deviceId', '=', deviceId)
            .where('kind', '=', kind)
            .where('factorCode', '=', g.factorCode)
            .where('dataTime', 'in', times)
            .execute();
          await trx
            .updateTable('latestValues')
            .set({ quality: g.quality })
            .where('deviceId', '=', deviceId)
            .where('kind', '=', kind)
            .where('factorCode', '=', g.factorCode)
            .where('dataTime', 'in', times)
            .execute();
        }
      }
    });
  }

  /**
   * Recomputes a month or year kept from day values (as ingest does, ingest.repository ROLLUP_AGGREGATES): a day's
   * validity follows its platform flag.
   */
  async recomputeRollup(
    deviceId: number,
    factorCode: string,
    kind: 'month' | 'year',
    from: number,
    to: number,
  ): Promise<void> {
    await sql`
      insert into measurements (device_id, kind, data_time, factor_code, value, min, max, cou, flag, quality, received_at)
      select device_id, cast(${kind} as text), cast(${from} as bigint), factor_code, ${sql.raw(ROLLUP_AGGREGATES)},
             null, 'N', max(received_at)
      from measurements
      where device_id = ${deviceId} and factor_code = ${factorCode} and kind = 'day'
        and data_time >= ${from} and data_time < ${to}
      group by device_id, factor_code
      on conflict (device_id, kind, data_time, factor_code) do update set
        value = excluded.value, min = excluded.min, max = excluded.max, cou = excluded.cou,
        received_at = excluded.received_at`.execute(this.db);
  }

  async insertApplication(row: Omit<OutlierApplicationsTable, 'id'>): Promise<OutlierApplicationRow> {
    return this.db.insertInto('outlierApplications').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** A page of the applications, newest first; of one user when `userId` is given. */
  applications(
    query: OutlierApplicationListQuery,
    userId: number | null,
  ): Promise<{ rows: OutlierApplicationRow[]; total: number }> {
    let filtered = this.db.selectFrom('outlierApplications');
    if (userId !== null) filtered = filtered.where('userId', '=', userId);
    return selectPage(filtered, query, (q) => q.selectAll().orderBy('id', 'desc'));
  }

  /** Device names by id (deleted devices are missing). */
  async deviceNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('devices').select(['id', 'deviceName']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.deviceName]));
  }
}
