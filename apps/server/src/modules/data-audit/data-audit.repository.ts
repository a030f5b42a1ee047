import type { AuditDataKind, dataAuditListQuerySchema } from '@envmon/shared';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { auditedValidSql, auditedValueSql, READING_CHANGING_STATES } from '../../db/queries/audited.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';
import { effectiveUnit } from '../../db/queries/factors.js';
import type { Dialect } from '../../db/connection.js';
import type { DataAuditsTable, Database, DevicesTable } from '../../db/schema.js';
import { selectPage } from '../../db/sql.js';
import { ROLLUP_AGGREGATES, type RollupTarget } from '../../ingest/ingest.repository.js';
import type { z } from 'zod';

export type AuditListQuery = z.infer<typeof dataAuditListQuerySchema>;

export type AuditDevice = Pick<Selectable<DevicesTable>, 'id' | 'deviceName' | 'deviceCode' | 'utcOffsetMinutes'>;

export type AuditRecordRow = Selectable<DataAuditsTable> & { deviceName: string | null; deviceCode: string | null };

export type NewAuditRecord = Omit<Insertable<DataAuditsTable>, 'id' | 'batchId' | 'revoked'>;

/** A stored value with its flags and the audit state laid over it. */
export interface AuditedValueRow {
  factorCode: string;
  dataTime: number;
  value: number | null;
  flag: string | null;
  quality: string;
  auditState: string | null;
  auditValue: number | null;
}

/** The record in force on a value: its newest one not revoked. */
export interface InForce {
  dataTime: number;
  action: string;
  newState: string;
  newValue: number | null;
}

export interface AuditFactorRow {
  factorCode: string;
  factorName: string | null;
  factorNameEn: string | null;
  unit: string | null;
  decimals: number | null;
}

/** Day values a station day's hours are recomputed into need at least this many valid hours (schemas/data-audit.ts). */
export interface DayRecompute {
  deviceId: number;
  factorCode: string;
  from: number;
  to: number;
  minValidHours: number;
}

/** IN lists are cut to this size: well inside both databases' limits on bound parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const RECORD_COLUMNS = [
  'dataAudits.id',
  'dataAudits.batchId',
  'dataAudits.deviceId',
  'dataAudits.kind',
  'dataAudits.factorCode',
  'dataAudits.dataTime',
  'dataAudits.action',
  'dataAudits.reason',
  'dataAudits.remark',
  'dataAudits.stationValue',
  'dataAudits.oldState',
  'dataAudits.oldValue',
  'dataAudits.newState',
  'dataAudits.newValue',
  'dataAudits.createdBy',
  'dataAudits.createTime',
  'dataAudits.revoked',
  'dataAudits.revokedBy',
  'dataAudits.revokeTime',
] as const;

/**
 * The audit records (data_audits) and the audit state they lay over measurements (audit_state, audit_value):
 * only this repository writes those two columns, and only from the records in force.
 */
export class DataAuditRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Runs `work` in one transaction, on a repository bound to it. */
  transaction<T>(work: (repo: DataAuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new DataAuditRepository(trx, this.dialect)));
  }

  /**
   * Holds the devices' rows until the transaction ends, in id order: audits of one device settle one after
   * another, so each sees the records the one before it committed (PostgreSQL; SQLite runs the app's
   * transactions one at a time on its one connection).
   */
  async lockDevices(ids: readonly number[]): Promise<void> {
    if (this.dialect !== 'postgres') return;
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      await sql`select id from devices where id = ${id} for update`.execute(this.db);
    }
  }

  device(id: number): Promise<AuditDevice | undefined> {
    return this.db
      .selectFrom('devices')
      .select(['id', 'deviceName', 'deviceCode', 'utcOffsetMinutes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The stored values of one device and kind at the given cells (factor → data times); cells without one are absent. */
  async values(deviceId: number, kind: AuditDataKind, cells: ReadonlyMap<string, readonly number[]>) {
    const out: AuditedValueRow[] = [];
    for (const [factorCode, times] of cells) {
      for (const part of chunks(times)) {
        const rows = await this.valueQuery(deviceId, kind)
          .where('factorCode', '=', factorCode)
          .where('dataTime', 'in', part)
          .execute();
        out.push(...rows.map(toValueRow));
      }
    }
    return out;
  }

  /** The device's values of one kind in [from, to), in time and factor order. */
  async range(deviceId: number, kind: AuditDataKind, from: number, to: number): Promise<AuditedValueRow[]> {
    const rows = await this.valueQuery(deviceId, kind)
      .where('dataTime', '>=', from)
      .where('dataTime', '<', to)
      .orderBy('dataTime')
      .orderBy('factorCode')
      .execute();
    return rows.map(toValueRow);
  }

  /** Of the device's values of one kind in [from, to), those no record in force has audited. */
  async unaudited(deviceId: number, kind: AuditDataKind, from: number, to: number): Promise<AuditedValueRow[]> {
    const rows = await this.valueQuery(deviceId, kind)
      .where('dataTime', '>=', from)
      .where('dataTime', '<', to)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('dataAudits')
              .select('dataAudits.id')
              .whereRef('dataAudits.deviceId', '=', 'measurements.deviceId')
              .whereRef('dataAudits.kind', '=', 'measurements.kind')
              .whereRef('dataAudits.factorCode', '=', 'measurements.factorCode')
              .whereRef('dataAudits.dataTime', '=', 'measurements.dataTime')
              .where('dataAudits.revoked', '=', 0),
          ),
        ),
      )
      .orderBy('dataTime')
      .orderBy('factorCode')
      .execute();
    return rows.map(toValueRow);
  }

  private valueQuery(deviceId: number, kind: AuditDataKind) {
    return this.db
      .selectFrom('measurements')
      .select(['factorCode', 'dataTime', 'value', 'flag', 'quality', 'auditState', 'auditValue'])
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind);
  }

  /** Inserts one audit's records under one batch (the id of its first record); returns the batch id. */
  async insertBatch(records: readonly NewAuditRecord[]): Promise<number | null> {
    const [first, ...rest] = records;
    if (!first) return null;
    const { id } = await this.db
      .insertInto('dataAudits')
      .values({ ...first, batchId: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db.updateTable('dataAudits').set({ batchId: id }).where('id', '=', id).execute();
    // 18 columns a row: a chunk stays far below either database's limit on parameters.
    for (const part of chunks(rest, 200)) {
      await this.db
        .insertInto('dataAudits')
        .values(part.map((r) => ({ ...r, batchId: id })))
        .execute();
    }
    return id;
  }

  find(id: number): Promise<AuditRecordRow | undefined> {
    return this.base().where('dataAudits.id', '=', id).executeTakeFirst();
  }

  /** The records in force (not revoked) among `ids` or of `batchId`, on devices in scope. */
  inForceOf(target: { ids: readonly number[]; batchId?: number | undefined }, scope: DeviceScope) {
    return this.base()
      .where('dataAudits.revoked', '=', 0)
      .where((eb) => devicesInScope(eb, scope))
      .where((eb) =>
        eb.or([
          ...(target.ids.length > 0 ? [eb('dataAudits.id', 'in', [...target.ids])] : []),
          ...(target.batchId !== undefined ? [eb('dataAudits.batchId', '=', target.batchId)] : []),
        ]),
      )
      .orderBy('dataAudits.id')
      .execute();
  }

  async revoke(ids: readonly number[], by: string | null, at: number): Promise<void> {
    for (const part of chunks(ids)) {
      await this.db
        .updateTable('dataAudits')
        .set({ revoked: 1, revokedBy: by, revokeTime: at })
        .where('id', 'in', part)
        .where('revoked', '=', 0)
        .execute();
    }
  }

  async updateRecord(
    id: number,
    patch: Partial<Pick<Selectable<DataAuditsTable>, 'reason' | 'remark' | 'newValue'>>,
  ): Promise<void> {
    await this.db.updateTable('dataAudits').set(patch).where('id', '=', id).execute();
  }

  /** The record in force on each of the given values of one device, kind and factor (absent: none). */
  async inForce(
    deviceId: number,
    kind: AuditDataKind,
    factorCode: string,
    dataTimes: readonly number[],
  ): Promise<Map<number, InForce>> {
    const newest = new Map<number, InForce>();
    for (const part of chunks(dataTimes)) {
      const rows = await this.db
        .selectFrom('dataAudits')
        .select(['dataTime', 'action', 'newState', 'newValue'])
        .where('deviceId', '=', deviceId)
        .where('kind', '=', kind)
        .where('factorCode', '=', factorCode)
        .where('dataTime', 'in', part)
        .where('revoked', '=', 0)
        .orderBy('id')
        .execute();
      // In id order: the last one seen is the newest.
      for (const r of rows) newest.set(Number(r.dataTime), { ...r, dataTime: Number(r.dataTime) });
    }
    return newest;
  }

  /** Lays a state (and value) over stored values of one device, kind and factor. */
  async setState(
    deviceId: number,
    kind: AuditDataKind,
    factorCode: string,
    dataTimes: readonly number[],
    state: string | null,
    value: number | null,
  ): Promise<void> {
    for (const part of chunks(dataTimes)) {
      await this.db
        .updateTable('measurements')
        .set({ auditState: state, auditValue: value })
        .where('deviceId', '=', deviceId)
        .where('kind', '=', kind)
        .where('factorCode', '=', factorCode)
        .where('dataTime', 'in', part)
        .execute();
    }
  }

  /** Of `factorCodes`, those whose day value at `day` was recomputed from audited hours. */
  async recomputedDays(deviceId: number, day: number, factorCodes: readonly string[]): Promise<string[]> {
    if (factorCodes.length === 0) return [];
    const rows = await this.db
      .selectFrom('measurements')
      .select('factorCode')
      .where('deviceId', '=', deviceId)
      .where('kind', '=', 'day')
      .where('dataTime', '=', day)
      .where('factorCode', 'in', [...factorCodes])
      .where('auditState', '=', 'recomputed')
      .execute();
    return rows.map((r) => r.factorCode);
  }

  /** Whether a record in force on an hour of [from, to) changed what that hour counts as or is (not a mere approval). */
  async hoursChanged(deviceId: number, factorCode: string, from: number, to: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('dataAudits')
      .select('id')
      .where('deviceId', '=', deviceId)
      .where('kind', '=', 'hour')
      .where('factorCode', '=', factorCode)
      .where('dataTime', '>=', from)
      .where('dataTime', '<', to)
      .where('revoked', '=', 0)
      .where('newState', 'in', [...READING_CHANGING_STATES])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Recomputes a day value from its hours as audited: the mean of the valid hours' audited values, none when
   * fewer than `minValidHours` are valid. A day the station never sent stays absent.
   */
  async recomputeDay(d: DayRecompute): Promise<void> {
    await sql`
      update measurements set audit_state = 'recomputed', audit_value = (
        select case when sum(case when ${sql.raw(auditedValidSql('h'))} then 1 else 0 end) >= ${d.minValidHours}
                    then avg(case when ${sql.raw(auditedValidSql('h'))} then ${sql.raw(auditedValueSql('h'))} end) end
        from measurements h
        where h.device_id = ${d.deviceId} and h.kind = 'hour' and h.factor_code = ${d.factorCode}
          and h.data_time >= ${d.from} and h.data_time < ${d.to})
      where device_id = ${d.deviceId} and kind = 'day' and factor_code = ${d.factorCode} and data_time = ${d.from}`.execute(
      this.db,
    );
  }

  /** A month's or year's platform value from its days as audited: what the ingest does after new days (ROLLUP_AGGREGATES). */
  async recomputeRollup(t: RollupTarget): Promise<void> {
    await sql`
      insert into measurements (device_id, kind, data_time, factor_code, value, min, max, cou, flag, quality, received_at)
      select device_id, cast(${t.kind} as text), cast(${t.from} as bigint), factor_code, ${sql.raw(ROLLUP_AGGREGATES)},
             null, 'N', max(received_at)
      from measurements
      where device_id = ${t.deviceId} and factor_code = ${t.factorCode} and kind = 'day'
        and data_time >= ${t.from} and data_time < ${t.to}
      group by device_id, factor_code
      on conflict (device_id, kind, data_time, factor_code) do update set
        value = excluded.value, min = excluded.min, max = excluded.max, cou = excluded.cou`.execute(this.db);
  }

  /** Starts of the data times in [from, to) of the device's hours approved by a record in force. */
  async approvedHours(deviceId: number, from: number, to: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('dataAudits')
      .select('dataTime')
      .distinct()
      .where('deviceId', '=', deviceId)
      .where('kind', '=', 'hour')
      .where('action', '=', 'approve')
      .where('revoked', '=', 0)
      .where('dataTime', '>=', from)
      .where('dataTime', '<', to)
      .execute();
    return rows.map((r) => Number(r.dataTime));
  }

  /** Catalogue names and decimals of `codes`, in the device's own unit where it sets one. */
  factors(deviceId: number, codes: readonly string[]): Promise<AuditFactorRow[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('factors')
      .leftJoin('deviceFactors', (join) =>
        join.onRef('deviceFactors.factorCode', '=', 'factors.factorCode').on('deviceFactors.deviceId', '=', deviceId),
      )
      .select((eb) => [
        'factors.factorCode',
        'factors.factorName',
        'factors.factorNameEn',
        'factors.decimals',
        effectiveUnit(eb).as('unit'),
      ])
      .where('factors.factorCode', 'in', [...codes])
      .execute();
  }

  /** A page of the records on devices in scope, newest first. */
  async list(query: AuditListQuery, scope: DeviceScope): Promise<{ rows: AuditRecordRow[]; total: number }> {
    let filtered = this.db
      .selectFrom('dataAudits')
      .innerJoin('devices', 'devices.id', 'dataAudits.deviceId')
      .where((eb) => devicesInScope(eb, scope));
    if (query.deviceId !== undefined) filtered = filtered.where('dataAudits.deviceId', '=', query.deviceId);
    if (query.kind !== undefined) filtered = filtered.where('dataAudits.kind', '=', query.kind);
    if (query.factorCode) filtered = filtered.where('dataAudits.factorCode', '=', query.factorCode);
    if (query.action !== undefined) filtered = filtered.where('dataAudits.action', '=', query.action);
    if (query.reason !== undefined) filtered = filtered.where('dataAudits.reason', '=', query.reason);
    if (query.dataTime !== undefined) filtered = filtered.where('dataAudits.dataTime', '=', query.dataTime);
    if (query.beginTime !== undefined) filtered = filtered.where('dataAudits.dataTime', '>=', query.beginTime);
    if (query.endTime !== undefined) filtered = filtered.where('dataAudits.dataTime', '<', query.endTime);
    if (!query.includeRevoked) filtered = filtered.where('dataAudits.revoked', '=', 0);
    const { rows: ids, total } = await selectPage(filtered, query, (q) =>
      q.select('dataAudits.id').orderBy('dataAudits.id', 'desc'),
    );
    if (ids.length === 0) return { rows: [], total: Number(total) };
    const rows = await this.base()
      .where(
        'dataAudits.id',
        'in',
        ids.map((r) => r.id),
      )
      .orderBy('dataAudits.id', 'desc')
      .execute();
    return { rows, total: Number(total) };
  }

  private base() {
    return this.db
      .selectFrom('dataAudits')
      .innerJoin('devices', 'devices.id', 'dataAudits.deviceId')
      .select([...RECORD_COLUMNS, 'devices.deviceName', 'devices.deviceCode']);
  }
}

function toValueRow(r: {
  factorCode: string;
  dataTime: number;
  value: number | null;
  flag: string | null;
  quality: string;
  auditState?: string | null | undefined;
  auditValue?: number | null | undefined;
}): AuditedValueRow {
  return {
    factorCode: r.factorCode,
    dataTime: Number(r.dataTime),
    value: num(r.value),
    flag: r.flag,
    quality: r.quality,
    auditState: r.auditState ?? null,
    auditValue: num(r.auditValue),
  };
}
