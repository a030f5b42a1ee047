import { DAY_MS } from '@envmon/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, MeasurementKind } from '../../db/schema.js';
import {
  auditedValidSql,
  auditedValueSql,
  reportedExtremeSql,
  reportedValueSql,
} from '../../db/queries/audited.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

/** Which devices a report covers: the scope's (project, ifFilter=1), or one of them. */
export interface StatisticsScope extends DeviceScope {
  deviceId?: number | undefined;
}

export interface ScopedDevice {
  id: number;
  deviceName: string;
  deviceCode: string;
  /** Seconds between reports. */
  intervalTime: number;
  utcOffsetMinutes: number;
}

/** A range along the measurements key: devices × one kind × [from, to). */
export interface MeasurementRange {
  deviceIds: readonly number[];
  kind: MeasurementKind;
  from: number;
  to: number;
}

export interface TransmissionCount {
  deviceId: number;
  /** Days since the epoch in the station's calendar. */
  day: number;
  received: number;
  valid: number;
}

export interface FactorAggregate {
  deviceId: number;
  factorCode: string;
  avg: number | null;
  min: number | null;
  max: number | null;
  count: number;
  valid: number;
  /** Values an audit touched (issue 19). */
  audited: number;
}

export interface ValidValue {
  deviceId: number;
  factorCode: string;
  value: number;
}

export interface ThresholdRule {
  deviceId: number;
  factorCode: string;
  operator: number;
  limit1: number | null;
  limit2: number | null;
}

export interface CatalogueFactor {
  factorCode: string;
  factorName: string;
  factorNameEn: string;
  unit: string | null;
  decimals: number | null;
}

export interface DeviceFactorUnit {
  deviceId: number;
  factorCode: string;
  unit: string | null;
}

/** A value as audited (db/queries/audited.ts), and whether it counts. */
export interface SeriesValue {
  dataTime: number;
  factorCode: string;
  value: number | null;
  valid: boolean;
}

/**
 * A valid value as SQL, 1 or 0: the one rule as audited (db/queries/audited.ts) — without an audit, station flag N
 * or none (HJ 212 leaves it optional) and platform quality N; an audit's state overrides that.
 */
const VALID = sql<number>`case when ${sql.raw(auditedValidSql())} then 1 else 0 end`;
/** What the reports average: the audited value, none where an audit invalidated it. */
const REPORTED = sql<number | null>`${sql.raw(reportedValueSql())}`;

/**
 * The statistics reports' reads. Every measurement read is a range of the measurements primary key
 * (device_id, kind, data_time, factor_code): device ids in a list, one kind, a data-time range —
 * and aggregated in SQL (GROUP BY device, day / device, factor), so a month of a hundred stations
 * never comes into JavaScript row by row.
 */
export class StatisticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async devices(scope: StatisticsScope): Promise<ScopedDevice[]> {
    let query = this.db
      .selectFrom('devices')
      .select(['id', 'deviceName', 'deviceCode', 'intervalTime', 'utcOffsetMinutes'])
      .where((eb) => devicesInScope(eb, scope))
      .orderBy('id');
    if (scope.deviceId !== undefined) query = query.where('id', '=', scope.deviceId);
    return query.execute();
  }

  async projectName(projectId: number): Promise<{ deployName: string; deployNameEn: string | null } | null> {
    return (
      (await this.db
        .selectFrom('deployClassify')
        .select(['deployName', 'deployNameEn'])
        .where('id', '=', projectId)
        .executeTakeFirst()) ?? null
    );
  }

  /**
   * Per device and station day: distinct data times received, and those whose every value is valid.
   * The inner GROUP BY follows the key order (device, data time), the outer one folds data times into days.
   */
  async transmissionCounts(range: MeasurementRange, utcOffsetMinutes: number): Promise<TransmissionCount[]> {
    if (range.deviceIds.length === 0) return [];
    const offset = sql.lit(utcOffsetMinutes * 60_000);
    const rows = await sql<{ deviceId: number; day: number; received: number; valid: number }>`
      select device_id, day, count(*) as received, sum(whole) as valid
      from (
        select device_id, (data_time + ${offset}) / ${sql.lit(DAY_MS)} as day, min(${VALID}) as whole
        from measurements
        where device_id in (${sql.join(range.deviceIds)}) and kind = ${range.kind}
          and data_time >= ${range.from} and data_time < ${range.to}
        group by device_id, data_time
      ) periods
      group by device_id, day`.execute(this.db);
    return rows.rows.map((r) => ({
      deviceId: Number(r.deviceId),
      day: Number(r.day),
      received: Number(r.received),
      valid: Number(r.valid),
    }));
  }

  /**
   * avg / min / max / count / valid per device × factor over the range (min and max from the rollups' own Min/Max),
   * as audited: a value an audit invalidated is left out, a replaced one used.
   */
  async aggregates(range: MeasurementRange, factorCodes?: readonly string[]): Promise<FactorAggregate[]> {
    if (range.deviceIds.length === 0 || factorCodes?.length === 0) return [];
    let query = this.db
      .selectFrom('measurements')
      .select((eb) => [
        'deviceId',
        'factorCode',
        eb.fn.avg<number | null>(REPORTED).as('avg'),
        eb.fn.min<number | null>(sql.raw(reportedExtremeSql('min'))).as('min'),
        eb.fn.max<number | null>(sql.raw(reportedExtremeSql('max'))).as('max'),
        eb.fn.count<number>(REPORTED).as('count'),
        eb.fn.sum<number>(VALID).as('valid'),
        eb.fn.count<number>('auditState').as('audited'),
      ])
      .where('deviceId', 'in', [...range.deviceIds])
      .where('kind', '=', range.kind)
      .where('dataTime', '>=', range.from)
      .where('dataTime', '<', range.to);
    if (factorCodes) query = query.where('factorCode', 'in', [...factorCodes]);
    const rows = await query.groupBy(['deviceId', 'factorCode']).execute();
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return rows.map((r) => ({
      deviceId: Number(r.deviceId),
      factorCode: r.factorCode,
      avg: num(r.avg),
      min: num(r.min),
      max: num(r.max),
      count: Number(r.count),
      valid: Number(r.valid),
      audited: Number(r.audited),
    }));
  }

  /** The valid values (as audited) of the given factors over the range: what exceedances are judged on. */
  async validValues(range: MeasurementRange, factorCodes: readonly string[]): Promise<ValidValue[]> {
    if (range.deviceIds.length === 0 || factorCodes.length === 0) return [];
    const rows = await this.db
      .selectFrom('measurements')
      .select(['deviceId', 'factorCode', sql<number>`${sql.raw(auditedValueSql())}`.as('value')])
      .where('deviceId', 'in', [...range.deviceIds])
      .where('kind', '=', range.kind)
      .where('dataTime', '>=', range.from)
      .where('dataTime', '<', range.to)
      .where('factorCode', 'in', [...factorCodes])
      .where(sql<boolean>`${sql.raw(auditedValidSql())}`)
      .execute();
    return rows.map((r) => ({ deviceId: r.deviceId, factorCode: r.factorCode, value: Number(r.value) }));
  }

  /** One device's values of a few factors over the range, in data-time order, as audited. */
  async series(deviceId: number, kind: MeasurementKind, from: number, to: number, factorCodes: readonly string[]) {
    const rows = await this.db
      .selectFrom('measurements')
      .select([
        'dataTime',
        'factorCode',
        sql<number | null>`${sql.raw(auditedValueSql())}`.as('value'),
        sql<number>`${VALID}`.as('valid'),
      ])
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('dataTime', '>=', from)
      .where('dataTime', '<', to)
      .where('factorCode', 'in', [...factorCodes])
      .orderBy('dataTime')
      .execute();
    return rows.map(
      (r): SeriesValue => ({
        dataTime: Number(r.dataTime),
        factorCode: r.factorCode,
        value: r.value === null ? null : Number(r.value),
        valid: Number(r.valid) === 1,
      }),
    );
  }

  async thresholds(deviceIds: readonly number[]): Promise<ThresholdRule[]> {
    if (deviceIds.length === 0) return [];
    return this.db
      .selectFrom('thresholds')
      .select(['deviceId', 'factorCode', 'operator', 'limit1', 'limit2'])
      .where('deviceId', 'in', [...deviceIds])
      .where('enabled', '=', 1)
      .execute();
  }

  /** The catalogue entries of the given codes, or of a category. */
  async factors(filter: { codes?: readonly string[]; category?: string }): Promise<CatalogueFactor[]> {
    if (filter.codes?.length === 0) return [];
    let query = this.db
      .selectFrom('factors')
      .select(['factorCode', 'factorName', 'factorNameEn', 'unit', 'decimals'])
      .orderBy('factorCode');
    if (filter.codes) query = query.where('factorCode', 'in', [...filter.codes]);
    if (filter.category !== undefined) query = query.where('category', '=', filter.category);
    return query.execute();
  }

  /** The devices' configured factors (their own unit, when set). */
  async deviceFactors(deviceIds: readonly number[]): Promise<DeviceFactorUnit[]> {
    if (deviceIds.length === 0) return [];
    return this.db
      .selectFrom('deviceFactors')
      .select(['deviceId', 'factorCode', 'unit'])
      .where('deviceId', 'in', [...deviceIds])
      .orderBy('deviceId')
      .orderBy('displayOrder')
      .execute();
  }
}
