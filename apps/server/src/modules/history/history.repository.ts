import { DAY_MS, HOUR_MS } from '@envmon/shared';
import type SqliteDatabase from 'better-sqlite3';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, DevicesTable, MeasurementKind } from '../../db/schema.js';
import { reportedValueSql } from '../../db/queries/audited.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';
import { type HourExtremes, hourExtremes as hourExtremesOf, hourOf, hourRuns } from '../../ingest/tiles.js';

export type HistoryDeviceRow = Pick<Selectable<DevicesTable>, 'id' | 'deviceName' | 'deviceCode' | 'utcOffsetMinutes'>;

export interface HistoryFactorRow {
  factorCode: string;
  factorName: string;
  factorNameEn: string;
  unit: string | null;
  decimals: number | null;
}

export interface HistoryValueRow {
  deviceId: number;
  dataTime: number;
  factorCode: string;
  value: number | null;
  flag: string | null;
  quality: string;
  /** The station's own value where a data rule changed it (null: `value` is the station's). */
  stationValue?: number | null;
  /** The audit laid over the value (issue 19). */
  auditState?: string | null;
  auditValue?: number | null;
}

/** One device × factor × period's cumulative value (cou). */
export interface HistoryCouRow {
  deviceId: number;
  factorCode: string;
  dataTime: number;
  cou: number;
}

/** A series as two columns: times and values (NaN where the value is null). */
export interface HistoryColumns {
  times: Float64Array;
  values: Float64Array;
}

/** Which measurements a read covers: devices × factors of one kind in [from, to). */
export interface HistoryRange {
  deviceIds: readonly number[];
  factorCodes: readonly string[];
  kind: MeasurementKind;
  from: number;
  to: number;
}

/**
 * The history query's reads. A measurement read is a range on (device, kind, factor, data time): for hour, day,
 * month and year values the history index of migrations 0009/0029 (the primary key leads with data time before
 * factor, so one factor of a station would otherwise walk all of its factors' rows). Real-time and minute values
 * are left out of that index (issue 22: it slowed their ingest): a range of them walks the key, which the chart
 * keeps short by reading long ranges from hourly tiles (hourExtremes).
 */
export class HistoryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** The better-sqlite3 connection under `db` (SQLite only): the chart's columnar read (`columns`). */
    private readonly sqlite: SqliteDatabase.Database | null = null,
  ) {}

  /** The chosen devices the scope lets the caller see. */
  async devicesInScope(ids: readonly number[], scope: DeviceScope): Promise<HistoryDeviceRow[]> {
    return this.db
      .selectFrom('devices')
      .select(['id', 'deviceName', 'deviceCode', 'utcOffsetMinutes'])
      .where('id', 'in', [...ids])
      .where((eb) => devicesInScope(eb, scope))
      .orderBy('id')
      .execute();
  }

  async catalogue(codes: readonly string[]): Promise<HistoryFactorRow[]> {
    return this.db
      .selectFrom('factors')
      .select(['factorCode', 'factorName', 'factorNameEn', 'unit', 'decimals'])
      .where('factorCode', 'in', [...codes])
      .execute();
  }

  /** Units the chosen devices set for the chosen factors, by device id. */
  async deviceUnits(
    deviceIds: readonly number[],
    codes: readonly string[],
  ): Promise<{ deviceId: number; factorCode: string; unit: string }[]> {
    const rows = await this.db
      .selectFrom('deviceFactors')
      .select(['deviceId', 'factorCode', 'unit'])
      .where('deviceId', 'in', [...deviceIds])
      .where('factorCode', 'in', [...codes])
      .where('unit', 'is not', null)
      .orderBy('deviceId')
      .execute();
    return rows.flatMap((r) => (r.unit === null ? [] : [{ ...r, unit: r.unit }]));
  }

  private measurements(range: HistoryRange) {
    return this.db
      .selectFrom('measurements')
      .where('deviceId', 'in', [...range.deviceIds])
      .where('kind', '=', range.kind)
      .where('factorCode', 'in', [...range.factorCodes])
      .where('dataTime', '>=', range.from)
      .where('dataTime', '<', range.to);
  }

  /** How many table rows (device × data time with any chosen factor) the range holds. */
  async countRows(range: HistoryRange): Promise<number> {
    const row = await this.db
      .selectFrom(this.measurements(range).select(['deviceId', 'dataTime']).distinct().as('k'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page of table rows' keys, by data time then device. */
  async rowKeys(range: HistoryRange, limit: number, offset: number): Promise<{ deviceId: number; dataTime: number }[]> {
    const rows = await this.measurements(range)
      .select(['deviceId', 'dataTime'])
      .distinct()
      .orderBy('dataTime')
      .orderBy('deviceId')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({ deviceId: r.deviceId, dataTime: Number(r.dataTime) }));
  }

  async values(range: HistoryRange): Promise<HistoryValueRow[]> {
    const rows = await this.measurements(range)
      .select([
        'deviceId',
        'dataTime',
        'factorCode',
        'value',
        'flag',
        'quality',
        'stationValue',
        'auditState',
        'auditValue',
      ])
      .orderBy('dataTime')
      .orderBy('deviceId')
      .execute();
    return rows.map((r) => ({ ...r, dataTime: Number(r.dataTime) }));
  }

  /**
   * One device × factor's values in time order as two typed columns. A year of minute values is half a
   * million rows, and an object per row (re-keyed by the camel-case plugin) costs more than the read
   * itself, so neither database answers row by row: SQLite's two columns are plucked as plain numbers
   * (outside Kysely, unless a transaction of the app's is open on the connection: its writes must not
   * be seen), PostgreSQL packs each column into one binary string. `audited`: the values as reports take them.
   */
  async columns(
    deviceId: number,
    kind: MeasurementKind,
    factorCode: string,
    from: number,
    to: number,
    audited = false,
  ): Promise<HistoryColumns> {
    const step = to - from <= SMALL_INT ? 1 : 1000;
    // Whole seconds from a whole second, when counting in seconds.
    const base = Math.floor(from / step) * step;
    const read = { deviceId, kind, factorCode, from, to, base, step, value: audited ? reportedValueSql() : 'value' };
    if (this.sqlite === null) return this.packedColumns(read);
    if (!this.sqlite.inTransaction) return pluckColumns(this.sqlite, read);
    const { rows } = await sql<{ t: number; v: number | null }>`
      select data_time as t, ${sql.raw(read.value)} as v from measurements
      where device_id = ${deviceId} and kind = ${kind} and factor_code = ${factorCode}
        and data_time >= ${from} and data_time < ${to}
      order by data_time`.execute(this.db.withoutPlugins());
    return {
      times: Float64Array.from(rows, (r) => Number(r.t)),
      values: Float64Array.from(rows, (r) => r.v ?? Number.NaN),
    };
  }

  /**
   * One device × factor's hours touching [from, to) reduced to their extremes (issue 22), in hour order: the stored
   * tiles of clean hours, and for the hours marked dirty — and a first or last hour the range only cuts into — the
   * same computed from the values themselves, read-only (the tile builder alone writes tiles). The dirty list is read
   * before the tiles: an hour rebuilt in between is then computed, never taken from a tile read before its rebuild.
   */
  async hourExtremes(
    deviceId: number,
    kind: MeasurementKind,
    factorCode: string,
    from: number,
    to: number,
    audited = false,
  ): Promise<HourExtremes[]> {
    const first = hourOf(from);
    const end = hourOf(to - 1) + HOUR_MS;
    const dirty = await this.db
      .selectFrom('measurementTilesDirty')
      .select('hour')
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('hour', '>=', first)
      .where('hour', '<', end)
      .execute();
    const computed = new Set(dirty.map((d) => Number(d.hour)));
    if (first < from) computed.add(first);
    if (to < end) computed.add(end - HOUR_MS);
    const tiles = await this.db
      .selectFrom('measurementTiles')
      .select(['hour', 'n'])
      .$if(!audited, (q) => q.select(['loTime', 'lo', 'hiTime', 'hi']))
      .$if(audited, (q) =>
        q.select(['reportedLoTime as loTime', 'reportedLo as lo', 'reportedHiTime as hiTime', 'reportedHi as hi']),
      )
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('factorCode', '=', factorCode)
      .where('hour', '>=', first)
      .where('hour', '<', end)
      .execute();
    const extremes: HourExtremes[] = [];
    for (const t of tiles) {
      const hour = Number(t.hour);
      if (computed.has(hour)) continue;
      const time = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
      extremes.push({
        hour,
        n: Number(t.n),
        loTime: time(t.loTime),
        lo: t.lo ?? null,
        hiTime: time(t.hiTime),
        hi: t.hi ?? null,
      });
    }
    for (const run of hourRuns(computed)) {
      const columns = await this.columns(
        deviceId,
        kind,
        factorCode,
        Math.max(run.from, from),
        Math.min(run.to, to),
        audited,
      );
      extremes.push(...hourExtremesOf(columns.times, columns.values));
    }
    return extremes.sort((a, b) => a.hour - b.hour);
  }

  /**
   * PostgreSQL: the time offsets (int4) and values (float8, NaN for null) of the index-ordered rows, each
   * aggregated into one bytea — two values cross the wire instead of half a million rows.
   */
  private async packedColumns(read: ColumnRead): Promise<HistoryColumns> {
    const { deviceId, kind, factorCode, from, to, base, step, value } = read;
    const { rows } = await sql<{ t: Buffer | null; v: Buffer | null }>`
      select string_agg(int4send(((data_time - ${base}::bigint) / ${step}::bigint)::int4), ''::bytea) as t,
             string_agg(float8send(coalesce(value, 'NaN'::float8)), ''::bytea) as v
      from (select data_time, ${sql.raw(value)} as value from measurements
            where device_id = ${deviceId} and kind = ${kind} and factor_code = ${factorCode}
              and data_time >= ${from} and data_time < ${to}
            order by data_time) as ordered`.execute(this.db.withoutPlugins());
    const packed = rows[0];
    if (!packed?.t || !packed.v) return { times: new Float64Array(0), values: new Float64Array(0) };
    const n = packed.t.byteLength / 4;
    const t = new DataView(packed.t.buffer, packed.t.byteOffset, packed.t.byteLength);
    const v = new DataView(packed.v.buffer, packed.v.byteOffset, packed.v.byteLength);
    const times = new Float64Array(n);
    const values = new Float64Array(n);
    let ordered = true;
    for (let i = 0; i < n; i++) {
      times[i] = base + t.getInt32(i * 4) * step;
      values[i] = v.getFloat64(i * 8);
      if (i > 0 && (times[i] as number) < (times[i - 1] as number)) ordered = false;
    }
    // The aggregate takes the subquery's order in practice, which SQL does not promise: checked, not assumed.
    return ordered ? { times, values } : sortedColumns(times, values);
  }

  /** Day values' cou (CN 2031) in [from, to). */
  async dayCou(range: Omit<HistoryRange, 'kind'>): Promise<HistoryCouRow[]> {
    const rows = await this.measurements({ ...range, kind: 'day' })
      .select(['deviceId', 'factorCode', 'dataTime', 'cou'])
      .where('cou', 'is not', null)
      .execute();
    return rows.map((r) => ({
      deviceId: r.deviceId,
      factorCode: r.factorCode,
      dataTime: Number(r.dataTime),
      cou: Number(r.cou),
    }));
  }

  /**
   * Hour values' cou (CN 2061) in [from, to) summed per station-local day: devices sharing one UTC
   * offset (ms), so that the day boundary is computed in SQL and only day sums come back.
   */
  async hourCouByDay(range: Omit<HistoryRange, 'kind'>, offsetMs: number): Promise<HistoryCouRow[]> {
    // Literals, not parameters: PostgreSQL matches the grouped expression to the selected one by its text.
    const day = sql<number>`(data_time + ${sql.lit(Math.trunc(offsetMs))}) / ${sql.lit(DAY_MS)}`;
    const rows = await this.measurements({ ...range, kind: 'hour' })
      .select((eb) => ['deviceId', 'factorCode', day.as('day'), eb.fn.sum<number | string>('cou').as('cou')])
      .where('cou', 'is not', null)
      .groupBy(['deviceId', 'factorCode', day])
      .execute();
    return rows.map((r) => ({
      deviceId: r.deviceId,
      factorCode: r.factorCode,
      // Integer division on both databases: bigint / integer in PostgreSQL, integer / integer in SQLite.
      dataTime: Number(r.day) * DAY_MS - offsetMs,
      cou: Number(r.cou),
    }));
  }
}

/** Times as offsets from the range's start that fit a 31-bit integer cross into JS fastest (V8 small integers). */
const SMALL_INT = 2 ** 31 - 1;

/**
 * A column read: times are read as offsets from `base` in units of `step` ms — ms when the range allows,
 * else whole seconds (HJ 212 data times are whole seconds, yyyyMMddHHmmss, so nothing is lost).
 */
interface ColumnRead {
  deviceId: number;
  kind: MeasurementKind;
  factorCode: string;
  from: number;
  to: number;
  base: number;
  step: number;
  /** The value column's SQL: `value`, or the audited value (db/queries/audited.ts). */
  value: string;
}

/** SQLite: data times and values plucked by two statements in one read transaction (one snapshot). */
function pluckColumns(sqlite: SqliteDatabase.Database, read: ColumnRead): HistoryColumns {
  const { deviceId, kind, factorCode, from, to, base, step, value } = read;
  const where = `from measurements where device_id = ? and kind = ? and factor_code = ? and data_time >= ? and data_time < ?
    order by data_time`;
  const params = [deviceId, kind, factorCode, from, to];
  const columns = sqlite.transaction(() => ({
    offsets: sqlite
      .prepare(`select (data_time - ?) / ? ${where}`)
      .pluck()
      .all(base, step, ...params) as number[],
    values: sqlite
      .prepare(`select ${value} ${where}`)
      .pluck()
      .all(...params) as (number | null)[],
  }));
  const { offsets, values } = columns();
  const times = new Float64Array(offsets.length);
  const out = new Float64Array(offsets.length);
  for (let i = 0; i < offsets.length; i++) {
    times[i] = base + (offsets[i] as number) * step;
    out[i] = values[i] ?? Number.NaN;
  }
  return { times, values: out };
}

/** Both columns in time order. */
function sortedColumns(times: Float64Array, values: Float64Array): HistoryColumns {
  const order = Array.from(times.keys()).sort((a, b) => (times[a] as number) - (times[b] as number));
  return {
    times: Float64Array.from(order, (i) => times[i] as number),
    values: Float64Array.from(order, (i) => values[i] as number),
  };
}
