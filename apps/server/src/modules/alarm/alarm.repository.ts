import { WORK_ORDER_STATUS, type AlarmFilter, type PageQuery } from '@envmon/shared';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { AlarmStreaksTable, AlarmsTable, Database, WorkOrderEventsTable } from '../../db/schema.js';
import { devicesInScope } from '../../db/queries/device-scope.js';
import { effectiveUnit, ownFactorSettings } from '../../db/queries/factors.js';
import { selectPage } from '../../db/sql.js';
import { sqliteWriteTransaction } from '../../db/sqlite-write-transaction.js';
import type { AlarmRow } from './alarm.mapper.js';

/** The filters of the alarm screen, plus `boundTo`: only the devices bound to that user, and one alarm by id. */
export type AlarmListFilter = Omit<AlarmFilter, 'ifFilter'> & {
  boundTo?: number | undefined;
  alarmId?: number | undefined;
};

/**
 * An alarm as the engine writes it: the stored row's columns but its work order (the console's), with
 * `active` a boolean and `key` the device:factor:type:overflow tuple kept while active (stored as
 * activeKey); `id` is absent until inserted.
 */
export type AlarmDraft = Omit<Selectable<AlarmsTable>, 'id' | 'active' | 'activeKey' | 'orderStatus'> & {
  id?: number;
  active: boolean;
  key: string;
};

export interface WorkOrderMove {
  alarmId: number;
  fromStatus: number;
  toStatus: number;
  userId: number;
  userName: string;
  comment: string | null;
  at: number;
}

const ALARM_COLUMNS = [
  'alarms.id',
  'alarms.deviceId',
  'alarms.factorCode',
  'alarms.alarmType',
  'alarms.overflowType',
  'alarms.alarmLevel',
  'alarms.alarmValue',
  'alarms.standardValue',
  'alarms.symbol',
  'alarms.beginDate',
  'alarms.lastDate',
  'alarms.endDate',
  'alarms.count',
  'alarms.active',
  'alarms.orderStatus',
  'devices.deviceCode',
  'devices.deviceName',
  'devices.utcOffsetMinutes',
  'factors.factorName',
  'factors.factorNameEn',
  // The value's unit: the device's own for the factor (joined in filtered()), else the catalogue's.
  (eb: ExpressionBuilder<Database, 'factors' | 'deviceFactors'>) => effectiveUnit(eb).as('unit'),
] as const;

function columnsOf(draft: AlarmDraft) {
  return {
    alarmLevel: draft.alarmLevel,
    alarmValue: draft.alarmValue,
    standardValue: draft.standardValue,
    symbol: draft.symbol,
    lastDate: draft.lastDate,
    endDate: draft.endDate,
    count: draft.count,
    active: draft.active ? 1 : 0,
    activeKey: draft.active ? draft.key : null,
  };
}

export class AlarmRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private filtered(filter: AlarmListFilter) {
    let query = this.db
      .selectFrom('alarms')
      .innerJoin('devices', 'devices.id', 'alarms.deviceId')
      .leftJoin('factors', 'factors.factorCode', 'alarms.factorCode')
      .leftJoin('deviceFactors', ownFactorSettings('alarms'));
    const f = filter;
    if (f.alarmId !== undefined) query = query.where('alarms.id', '=', f.alarmId);
    query = query.where((eb) => devicesInScope(eb, { projectId: f.projectId, boundTo: f.boundTo }));
    if (f.deviceId !== undefined) query = query.where('alarms.deviceId', '=', f.deviceId);
    if (f.factorCode) query = query.where('alarms.factorCode', '=', f.factorCode);
    if (f.alarmType !== undefined) query = query.where('alarms.alarmType', '=', f.alarmType);
    if (f.alarmLevel !== undefined) query = query.where('alarms.alarmLevel', '=', f.alarmLevel);
    if (f.orderStatus !== undefined) query = query.where('alarms.orderStatus', '=', f.orderStatus);
    if (f.active !== undefined) query = query.where('alarms.active', '=', f.active === 1 ? 1 : 0);
    if (f.beginTime !== undefined) query = query.where('alarms.beginDate', '>=', f.beginTime);
    if (f.endTime !== undefined) query = query.where('alarms.beginDate', '<=', f.endTime);
    return query;
  }

  list(filter: AlarmListFilter, page: PageQuery): Promise<{ rows: AlarmRow[]; total: number }> {
    return selectPage(this.filtered(filter), page, (q) =>
      q.select(ALARM_COLUMNS).orderBy('alarms.beginDate', 'desc').orderBy('alarms.id', 'desc'),
    );
  }

  /** Every match, newest first (getCurrent: the active ones are few). */
  all(filter: AlarmListFilter): Promise<AlarmRow[]> {
    return this.filtered(filter)
      .select(ALARM_COLUMNS)
      .orderBy('alarms.beginDate', 'desc')
      .orderBy('alarms.id', 'desc')
      .execute();
  }

  /** One export page after `beforeId` in id order, newest first (keyset paging: no offsets on a long history). */
  exportPage(filter: AlarmListFilter, beforeId: number | null, size: number): Promise<AlarmRow[]> {
    let query = this.filtered(filter).select(ALARM_COLUMNS);
    if (beforeId !== null) query = query.where('alarms.id', '<', beforeId);
    return query.orderBy('alarms.id', 'desc').limit(size).execute();
  }

  async byIds(ids: readonly number[]): Promise<AlarmRow[]> {
    if (ids.length === 0) return [];
    return this.filtered({}).select(ALARM_COLUMNS).where('alarms.id', 'in', ids).orderBy('alarms.id').execute();
  }

  async find(id: number): Promise<AlarmRow | null> {
    return (await this.byIds([id]))[0] ?? null;
  }

  /** The active alarms as the engine keeps them in memory: every one, or those of some devices. */
  active(deviceIds?: readonly number[]): Promise<Selectable<AlarmsTable>[]> {
    let query = this.db.selectFrom('alarms').selectAll().where('active', '=', 1);
    if (deviceIds) query = query.where('deviceId', 'in', deviceIds);
    return query.execute();
  }

  /** Alarms by id as they are stored (what another process's engine changed). */
  rows(ids: readonly number[]): Promise<Selectable<AlarmsTable>[]> {
    return this.db.selectFrom('alarms').selectAll().where('id', 'in', ids).execute();
  }

  /** The engine's stored streaks: every one, or those of some devices. */
  streaks(deviceIds?: readonly number[]): Promise<AlarmStreaksTable[]> {
    let query = this.db.selectFrom('alarmStreaks').selectAll();
    if (deviceIds) query = query.where('deviceId', 'in', deviceIds);
    return query.execute();
  }

  /**
   * The engine's batch in one transaction: new alarms inserted (their ids set on the drafts),
   * changed ones updated, streaks stored or (null) ended. Ids are set only after the commit succeeded.
   * A clear applies only to an alarm still active — another process's engine may have cleared it first;
   * returns the ids of the alarms this write changed (to announce). On PostgreSQL a batch of one statement (a lone
   * alarm raised or cleared, as at low load) runs without a transaction: a statement is atomic by itself, and its
   * `begin` and `commit` would be two more round trips before the alarm is pushed. On SQLite the transaction takes
   * the write lock without waiting on the event loop (`sqliteWriteTransaction`): waiting in the busy handler while
   * the ingest writer thread wrote a batch held the stations and the consoles for 17 % of the time in bench:alarm.
   */
  async write(
    drafts: readonly AlarmDraft[],
    streaks: ReadonlyMap<string, AlarmStreaksTable | null>,
  ): Promise<number[]> {
    const inOne = <T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> => {
      if (this.dialect === 'sqlite') return sqliteWriteTransaction(this.db, work);
      return drafts.length + streaks.size === 1 ? work(this.db) : this.db.transaction().execute(work);
    };
    const written: number[] = [];
    const inserted = await inOne(async (trx) => {
      for (const [subjectKey, streak] of streaks) {
        if (streak === null) {
          await trx.deleteFrom('alarmStreaks').where('subjectKey', '=', subjectKey).execute();
          continue;
        }
        await trx
          .insertInto('alarmStreaks')
          .values(streak)
          .onConflict((oc) =>
            oc.column('subjectKey').doUpdateSet({ count: streak.count, recoveringSince: streak.recoveringSince }),
          )
          .execute();
      }
      const ids = new Map<AlarmDraft, number>();
      for (const draft of drafts) {
        if (draft.id === undefined) {
          const { id } = await trx
            .insertInto('alarms')
            .values({
              ...columnsOf(draft),
              deviceId: draft.deviceId,
              factorCode: draft.factorCode,
              alarmType: draft.alarmType,
              overflowType: draft.overflowType,
              beginDate: draft.beginDate,
              orderStatus: WORK_ORDER_STATUS.pending,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.set(draft, id);
          written.push(id);
        } else {
          let update = trx.updateTable('alarms').set(columnsOf(draft)).where('id', '=', draft.id);
          if (!draft.active) update = update.where('active', '=', 1);
          const { numUpdatedRows } = await update.executeTakeFirst();
          if (Number(numUpdatedRows) > 0) written.push(draft.id);
        }
      }
      return ids;
    });
    for (const [draft, id] of inserted) draft.id = id;
    return written;
  }

  /**
   * Moves the work order if it still has `fromStatus` and records the move; false when another
   * move got there first.
   */
  async moveWorkOrder(move: WorkOrderMove): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('alarms')
        .set({ orderStatus: move.toStatus })
        .where('id', '=', move.alarmId)
        .where('orderStatus', '=', move.fromStatus)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('workOrderEvents')
        .values({
          alarmId: move.alarmId,
          fromStatus: move.fromStatus,
          toStatus: move.toStatus,
          userId: move.userId,
          userName: move.userName,
          comment: move.comment,
          createTime: move.at,
        })
        .execute();
      return true;
    });
  }

  workOrderHistory(alarmId: number): Promise<Selectable<WorkOrderEventsTable>[]> {
    return this.db
      .selectFrom('workOrderEvents')
      .selectAll()
      .where('alarmId', '=', alarmId)
      .orderBy('createTime')
      .orderBy('id')
      .execute();
  }
}
