import { JOB_LIMITS, type JobListQuery, type PageQuery } from '@envmon/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, JobRunsTable, JobsTable } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import type { JobDeviceRef } from './job-action.js';

export type JobRow = Selectable<JobsTable> & { deviceCount: number };
export type JobRunRow = Selectable<JobRunsTable> & { fileName: string | null };
export type JobDeviceRow = JobDeviceRef & { jobId: number; createTime: number };

/** A job's stored settings (keys, time stamps and scheduling state aside). */
export type JobColumns = Omit<
  Insertable<JobsTable>,
  'id' | 'createdBy' | 'createTime' | 'updateTime' | 'lastPlannedTime'
>;

/** What a run records when it ends. */
export interface JobRunEnd {
  endTime: number;
  outcome: string;
  summary: string;
  log: string;
}

/** System › job: the jobs, their devices, their runs and the files the runs wrote. */
export class JobRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private jobs() {
    return this.db
      .selectFrom('jobs')
      .selectAll('jobs')
      .select((eb) =>
        eb
          .selectFrom('jobDevices')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('jobDevices.jobId', '=', 'jobs.id')
          .as('deviceCount'),
      );
  }

  async list(query: JobListQuery): Promise<{ rows: JobRow[]; total: number }> {
    let filtered = this.db.selectFrom('jobs');
    if (query.name) {
      const name = query.name;
      filtered = filtered.where((eb) => containsText(eb.ref('jobs.name'), name));
    }
    if (query.jobGroup) filtered = filtered.where('jobs.jobGroup', '=', query.jobGroup);
    if (query.type) filtered = filtered.where('jobs.type', '=', query.type);
    if (query.status) filtered = filtered.where('jobs.status', '=', query.status);
    const { rows, total } = await selectPage(filtered, query, (q) => q.select('jobs.id').orderBy('jobs.id'));
    if (rows.length === 0) return { rows: [], total };
    const ids = rows.map((r) => r.id);
    const full = await this.jobs().where('jobs.id', 'in', ids).orderBy('jobs.id').execute();
    return { rows: full.map(withCount), total };
  }

  async find(id: number): Promise<JobRow | undefined> {
    const row = await this.jobs().where('jobs.id', '=', id).executeTakeFirst();
    return row && withCount(row);
  }

  /** The jobs the scheduler fires. */
  async running(): Promise<JobRow[]> {
    return (await this.jobs().where('jobs.status', '=', 'running').orderBy('jobs.id').execute()).map(withCount);
  }

  async nameTaken(jobGroup: string, name: string, exceptId: number | undefined): Promise<boolean> {
    let q = this.db.selectFrom('jobs').select('id').where('jobGroup', '=', jobGroup).where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async count(): Promise<number> {
    const { n } = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** A new job; its schedule counts from `now` (no planned time before its creation is missed). */
  async insert(columns: JobColumns, userName: string | null, now: number): Promise<number> {
    const row = await this.db
      .insertInto('jobs')
      .values({ ...columns, createdBy: userName, createTime: now, updateTime: now, lastPlannedTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * An edit; `restart` (the schedule or its status changed) counts the schedule from now again, so that planned
   * times of the old schedule, or of a pause, are not run as missed ones.
   */
  async update(id: number, columns: Partial<JobColumns>, now: number, restart: boolean): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ ...columns, updateTime: now, ...(restart ? { lastPlannedTime: now } : {}) })
      .where('id', '=', id)
      .execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('jobs').where('id', '=', id).execute();
  }

  /**
   * Moves a job's last planned time from `from` to `to`, only if it is still `from`: of two schedulers on one
   * database that reach the same planned time, one moves it and fires; the other sees false and does not.
   */
  async advance(id: number, from: number | null, to: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ lastPlannedTime: to })
      .where('id', '=', id)
      .where((eb) => (from === null ? eb('lastPlannedTime', 'is', null) : eb('lastPlannedTime', '=', from)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // ── devices ──

  /** Adds devices to a job (those it has already are left); answers how many were new. */
  async addDevices(jobId: number, deviceIds: readonly number[], now: number): Promise<number> {
    if (deviceIds.length === 0) return 0;
    const result = await this.db
      .insertInto('jobDevices')
      .values(deviceIds.map((deviceId) => ({ jobId, deviceId, createTime: now })))
      .onConflict((oc) => oc.columns(['jobId', 'deviceId']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  async removeDevices(jobId: number, deviceIds: readonly number[]): Promise<number> {
    const result = await this.db
      .deleteFrom('jobDevices')
      .where('jobId', '=', jobId)
      .where('deviceId', 'in', deviceIds)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private jobDevices(jobId: number) {
    return this.db
      .selectFrom('jobDevices')
      .innerJoin('devices', 'devices.id', 'jobDevices.deviceId')
      .where('jobDevices.jobId', '=', jobId);
  }

  listDevices(jobId: number, page: PageQuery): Promise<{ rows: JobDeviceRow[]; total: number }> {
    return selectPage(this.jobDevices(jobId), page, (q) =>
      q
        .select([
          'jobDevices.jobId',
          'jobDevices.deviceId',
          'jobDevices.createTime',
          'devices.deviceName',
          'devices.deviceCode',
        ])
        .orderBy('devices.deviceName')
        .orderBy('devices.id'),
    );
  }

  /** The devices a run acts on: the job's own, or every valid device when the job names none. */
  async runDevices(jobId: number): Promise<JobDeviceRef[]> {
    const own = await this.jobDevices(jobId)
      .select(['devices.id as deviceId', 'devices.deviceCode', 'devices.deviceName'])
      .orderBy('devices.id')
      .execute();
    if (own.length > 0) return own;
    return this.db
      .selectFrom('devices')
      .select(['id as deviceId', 'deviceCode', 'deviceName'])
      .where('ifValid', '=', 1)
      .orderBy('id')
      .execute();
  }

  /** Device ids by MN, for the job-list import. */
  async deviceIdsByCode(codes: readonly string[]): Promise<Map<string, number>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('devices')
      .select(['id', 'deviceCode'])
      .where('deviceCode', 'in', codes)
      .execute();
    return new Map(rows.map((r) => [r.deviceCode, r.id]));
  }

  async existingDeviceIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('devices').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  // ── runs ──

  private runs() {
    return this.db
      .selectFrom('jobRuns')
      .leftJoin('jobRunFiles', 'jobRunFiles.runId', 'jobRuns.id')
      .selectAll('jobRuns')
      .select('jobRunFiles.fileName');
  }

  /**
   * Records a run as started; null when a run of this job for this planned time is recorded already (another
   * scheduler on the database got there first).
   */
  async startRun(run: {
    jobId: number;
    plannedTime: number | null;
    startTime: number;
    startedBy: string | null;
    nodeId: string;
  }): Promise<number | null> {
    const row = await this.db
      .insertInto('jobRuns')
      .values(run)
      .onConflict((oc) => oc.columns(['jobId', 'plannedTime']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** A run that ends as it is recorded (a planned time skipped). */
  async recordRun(run: {
    jobId: number;
    plannedTime: number;
    startTime: number;
    nodeId: string;
    end: JobRunEnd;
  }): Promise<void> {
    const { end, ...started } = run;
    await this.db
      .insertInto('jobRuns')
      .values({ ...started, ...end, startedBy: null })
      .onConflict((oc) => oc.columns(['jobId', 'plannedTime']).doNothing())
      .execute();
  }

  async endRun(runId: number, end: JobRunEnd, file?: { name: string; content: Buffer }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('jobRuns').set(end).where('id', '=', runId).execute();
      if (file) {
        await trx
          .insertInto('jobRunFiles')
          .values({ runId, fileName: file.name, size: file.content.length, content: file.content })
          .execute();
      }
    });
  }

  /**
   * Ends the job's runs still open that started before `startedBefore` (their time-out and a margin ago): their
   * process stopped or died before recording how they ended.
   */
  async endStaleRuns(jobId: number, startedBefore: number, end: JobRunEnd): Promise<void> {
    await this.db
      .updateTable('jobRuns')
      .set(end)
      .where('jobId', '=', jobId)
      .where('endTime', 'is', null)
      .where('startTime', '<=', startedBefore)
      .execute();
  }

  /**
   * Runs of the job still going anywhere in the cluster: not ended, and started less than the job's time-out (and a
   * minute) ago — a run whose process died is not waited for beyond it.
   */
  async openRuns(jobId: number, startedAfter: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('jobRuns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('jobId', '=', jobId)
      .where('endTime', 'is', null)
      .where('startTime', '>', startedAfter)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async findRun(runId: number): Promise<JobRunRow | undefined> {
    return this.runs().where('jobRuns.id', '=', runId).executeTakeFirst();
  }

  listRuns(jobId: number, page: PageQuery): Promise<{ rows: JobRunRow[]; total: number }> {
    const filtered = this.db.selectFrom('jobRuns').where('jobRuns.jobId', '=', jobId);
    return selectPage(filtered, page, (q) =>
      q
        .leftJoin('jobRunFiles', 'jobRunFiles.runId', 'jobRuns.id')
        .selectAll('jobRuns')
        .select('jobRunFiles.fileName')
        .orderBy('jobRuns.startTime', 'desc')
        .orderBy('jobRuns.id', 'desc'),
    );
  }

  /** The newest run of each job, for the list. */
  async lastRuns(jobIds: readonly number[]): Promise<Map<number, JobRunRow>> {
    if (jobIds.length === 0) return new Map();
    const newest = this.db
      .selectFrom('jobRuns as newest')
      .select((eb) => eb.fn.max('newest.id').as('id'))
      .where('newest.jobId', 'in', jobIds)
      .groupBy('newest.jobId');
    const rows = await this.runs().where('jobRuns.id', 'in', newest).execute();
    return new Map(rows.map((r) => [r.jobId, r]));
  }

  async runFile(runId: number): Promise<{ jobId: number; fileName: string; content: Buffer } | undefined> {
    return this.db
      .selectFrom('jobRunFiles')
      .innerJoin('jobRuns', 'jobRuns.id', 'jobRunFiles.runId')
      .select(['jobRuns.jobId', 'jobRunFiles.fileName', 'jobRunFiles.content'])
      .where('jobRunFiles.runId', '=', runId)
      .executeTakeFirst();
  }

  /** Keeps a job's newest JOB_LIMITS.runsKeptPerJob runs (their files go with them). */
  async trimRuns(jobId: number): Promise<void> {
    const keep = this.db
      .selectFrom('jobRuns as kept')
      .select('kept.id')
      .where('kept.jobId', '=', jobId)
      .orderBy('kept.id', 'desc')
      .limit(JOB_LIMITS.runsKeptPerJob);
    await this.db
      .deleteFrom('jobRuns')
      .where('jobId', '=', jobId)
      .where('id', 'not in', keep)
      .where('endTime', 'is not', null)
      .execute();
  }
}

const withCount = <R extends { deviceCount: unknown }>(row: R): R & { deviceCount: number } => ({
  ...row,
  deviceCount: Number(row.deviceCount),
});
