import type { ReissueListQuery } from '@envmon/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DevicesTable, MeasurementKind, ReissueTasksTable } from '../../db/schema.js';
import { selectPage } from '../../db/sql.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

export type ReissueDevice = Pick<
  Selectable<DevicesTable>,
  'id' | 'deviceName' | 'deviceCode' | 'intervalTime' | 'utcOffsetMinutes'
>;

export type ReissueTaskRow = Selectable<ReissueTasksTable> & { deviceName: string | null; deviceCode: string | null };

export type NewReissueTask = Omit<ReissueTaskRow, 'id' | 'deviceName' | 'deviceCode' | 'nodeId'>;
export type ReissueOutcome = Pick<ReissueTaskRow, 'status' | 'reason' | 'stored' | 'finishTime'>;

/**
 * The reissue_tasks table, and the reads a task needs: its devices and the data times stored. Tasks are
 * recorded as run by this process's node (config.nodeId), whose successor settles the ones left running.
 */
export class ReissueRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly nodeId: string,
  ) {}

  devices(ids: readonly number[]): Promise<ReissueDevice[]> {
    return this.db
      .selectFrom('devices')
      .select(['id', 'deviceName', 'deviceCode', 'intervalTime', 'utcOffsetMinutes'])
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The distinct data times of a device's stored data of one kind in [from, to]. */
  async storedTimes(deviceId: number, kind: MeasurementKind, from: number, to: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('measurements')
      .select('dataTime')
      .distinct()
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('dataTime', '>=', from)
      .where('dataTime', '<=', to)
      .execute();
    return new Set(rows.map((r) => Number(r.dataTime)));
  }

  async insert(task: NewReissueTask): Promise<number> {
    const { id } = await this.db
      .insertInto('reissueTasks')
      .values({ ...task, nodeId: this.nodeId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async setRequests(id: number, requests: number): Promise<void> {
    await this.db.updateTable('reissueTasks').set({ requests }).where('id', '=', id).execute();
  }

  async finish(id: number, outcome: ReissueOutcome): Promise<void> {
    await this.db.updateTable('reissueTasks').set(outcome).where('id', '=', id).execute();
  }

  /** Tasks a stopped server left running: they will not finish. */
  /** This node's tasks (and those recorded before nodes were) that were still running: another node's go on. */
  async interruptRunning(now: number): Promise<void> {
    await this.db
      .updateTable('reissueTasks')
      .set({ status: 'failed', reason: 'interrupted', finishTime: now })
      .where('status', '=', 'running')
      .where((eb) => eb.or([eb('nodeId', '=', this.nodeId), eb('nodeId', 'is', null)]))
      .execute();
  }

  private base() {
    return this.db
      .selectFrom('reissueTasks')
      .innerJoin('devices', 'devices.id', 'reissueTasks.deviceId')
      .selectAll('reissueTasks')
      .select(['devices.deviceName', 'devices.deviceCode']);
  }

  find(ids: readonly number[]): Promise<ReissueTaskRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.base()
      .where('reissueTasks.id', 'in', [...ids])
      .orderBy('reissueTasks.id')
      .execute();
  }

  async list(query: ReissueListQuery, scope: DeviceScope): Promise<{ rows: ReissueTaskRow[]; total: number }> {
    let filtered = this.db
      .selectFrom('reissueTasks')
      .innerJoin('devices', 'devices.id', 'reissueTasks.deviceId')
      .where((eb) => devicesInScope(eb, scope));
    if (query.deviceId !== undefined) filtered = filtered.where('reissueTasks.deviceId', '=', query.deviceId);
    if (query.status !== undefined) filtered = filtered.where('reissueTasks.status', '=', query.status);
    const { rows: ids, total } = await selectPage(filtered, query, (q) =>
      q.select('reissueTasks.id').orderBy('reissueTasks.id', 'desc'),
    );
    const rows = await this.find(ids.map((r) => r.id));
    return { rows: rows.reverse(), total: Number(total) };
  }
}
