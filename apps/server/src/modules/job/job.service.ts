import type {
  Job,
  JobDevice,
  JobDeviceListQuery,
  JobDevicesAdd,
  JobDevicesDelete,
  JobInput,
  JobListQuery,
  JobRun,
  JobRunInput,
  JobRunListQuery,
  JobStatusInput,
  Page,
} from '@envmon/shared';
import { JOB_LIMITS } from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { cellText, readXlsxRecords, type XlsxColumn, type XlsxInput } from '../../lib/xlsx-import.js';
import { writeXlsxTemplate, type XlsxTemplateColumn } from '../../lib/xlsx-template.js';
import type { JobColumns, JobRepository, JobRow } from './job.repository.js';
import { toJob, toJobDevice, toJobRun } from './job.mapper.js';
import type { JobRunner } from './job-runner.js';

/** The job-list template: one station MN a row (the device's name beside it is for the reader and not read). */
const TEMPLATE_COLUMNS: XlsxTemplateColumn<'deviceCode' | 'deviceName'>[] = [
  { header: '设备编码', field: 'deviceCode', required: true, width: 24, numFmt: '@' },
  { header: '设备名称', field: 'deviceName', required: false, width: 30, numFmt: '@' },
];
const IMPORT_COLUMNS: XlsxColumn<'deviceCode' | 'deviceName'>[] = [
  ...TEMPLATE_COLUMNS,
  { header: 'Device code', field: 'deviceCode' },
  { header: 'MN', field: 'deviceCode' },
  { header: 'Device name', field: 'deviceName' },
];

/** The codes listed in a refusal, so that its message stays short. */
const UNKNOWN_CODES_SHOWN = 20;

const page = <T>(list: T[], total: number, query: { pageNum: number; pageSize: number }): Page<T> => ({
  list,
  total,
  pageNum: query.pageNum,
  pageSize: query.pageSize,
});

/**
 * System › job: the jobs and their devices, run now, the run history and its files. A change reaches the
 * scheduler through `changed` (this process at once, the others by the bus).
 */
export class JobService {
  constructor(
    private readonly repo: JobRepository,
    private readonly runner: JobRunner,
    private readonly clock: Clock,
    private readonly changed: () => Promise<void>,
  ) {}

  async list(query: JobListQuery): Promise<Page<Job>> {
    const { rows, total } = await this.repo.list(query);
    const lastRuns = await this.repo.lastRuns(rows.map((r) => r.id));
    const now = this.clock.now();
    return page(
      rows.map((row) => toJob(row, lastRuns.get(row.id), now)),
      total,
      query,
    );
  }

  async get(id: number): Promise<Job> {
    const row = await this.row(id);
    const lastRuns = await this.repo.lastRuns([id]);
    return toJob(row, lastRuns.get(id), this.clock.now());
  }

  async add(input: JobInput, userName: string | null): Promise<Job> {
    if (await this.repo.nameTaken(input.jobGroup, input.name, undefined)) throw new DomainError('jobNameTaken');
    const id = await this.repo.insert(columns(input), userName, this.clock.now());
    await this.changed();
    return this.get(id);
  }

  async update(input: JobInput): Promise<Job> {
    if (input.jobId === undefined) throw new DomainError('invalidInput');
    const saved = await this.row(input.jobId);
    if (await this.repo.nameTaken(input.jobGroup, input.name, saved.id)) throw new DomainError('jobNameTaken');
    const next = columns(input);
    // A new schedule (or a resumed job) counts from now: the old one's planned times are not missed ones.
    const restart =
      next.cron !== saved.cron ||
      next.timeZone !== saved.timeZone ||
      (next.status === 'running' && saved.status !== 'running');
    await this.repo.update(saved.id, next, this.clock.now(), restart);
    await this.changed();
    return this.get(saved.id);
  }

  async remove(id: number): Promise<void> {
    await this.row(id);
    await this.repo.remove(id);
    await this.changed();
  }

  async changeStatus({ jobId, status }: JobStatusInput): Promise<Job> {
    const saved = await this.row(jobId);
    if (saved.status !== status) {
      await this.repo.update(jobId, { status }, this.clock.now(), status === 'running');
      await this.changed();
    }
    return this.get(jobId);
  }

  /** Run now, by hand (a paused job too): answers the run as recorded when it started. */
  async run({ jobId, jobGroup }: JobRunInput, userName: string): Promise<JobRun> {
    const job = await this.row(jobId);
    if (job.jobGroup !== jobGroup) throw new DomainError('notFound');
    const started = await this.runner.start(job, null, userName);
    if (!started) throw new DomainError('jobRunning');
    const run = await this.repo.findRun(started.runId);
    if (!run) throw new DomainError('notFound');
    return toJobRun(run);
  }

  async runs(query: JobRunListQuery): Promise<Page<JobRun>> {
    await this.row(query.jobId);
    const { rows, total } = await this.repo.listRuns(query.jobId, query);
    return page(rows.map(toJobRun), total, query);
  }

  async runFile(runId: number): Promise<{ fileName: string; content: Buffer }> {
    const file = await this.repo.runFile(runId);
    if (!file) throw new DomainError('notFound');
    return file;
  }

  async addDevices({ jobId, deviceIds }: JobDevicesAdd): Promise<{ added: number }> {
    await this.row(jobId);
    const ids = [...new Set(deviceIds)];
    const existing = await this.repo.existingDeviceIds(ids);
    if (existing.size !== ids.length) throw new DomainError('notFound');
    return { added: await this.repo.addDevices(jobId, ids, this.clock.now()) };
  }

  async devices(query: JobDeviceListQuery): Promise<Page<JobDevice>> {
    await this.row(query.jobId);
    const { rows, total } = await this.repo.listDevices(query.jobId, query);
    return page(rows.map(toJobDevice), total, query);
  }

  async removeDevices({ jobId, deviceIds }: JobDevicesDelete): Promise<{ removed: number }> {
    await this.row(jobId);
    return { removed: await this.repo.removeDevices(jobId, deviceIds) };
  }

  template(): Promise<Buffer> {
    return writeXlsxTemplate({
      sheetName: '任务设备',
      columns: TEMPLATE_COLUMNS,
      example: { deviceCode: '44030720240001', deviceName: '示例站点，导入前请替换' },
      maxRows: JOB_LIMITS.devicesPerAdd,
    });
  }

  /** The job-list import: every listed MN must be a device (all rows or none); answers how many were new. */
  async importDevices(jobId: number, data: XlsxInput): Promise<{ added: number }> {
    await this.row(jobId);
    const records = await readXlsxRecords(data, IMPORT_COLUMNS, { maxRows: JOB_LIMITS.devicesPerAdd });
    const codes = [...new Set(records.flatMap((r) => cellText(r.values.deviceCode) ?? []))];
    const ids = await this.repo.deviceIdsByCode(codes);
    const unknown = codes.filter((code) => !ids.has(code));
    if (unknown.length > 0) {
      const shown = unknown.slice(0, UNKNOWN_CODES_SHOWN).join(', ');
      throw new DomainError(
        'jobDevicesUnknown',
        { codes: unknown },
        { codes: unknown.length > UNKNOWN_CODES_SHOWN ? `${shown} …` : shown },
      );
    }
    if (codes.length === 0) throw new DomainError('xlsxEmpty');
    return { added: await this.repo.addDevices(jobId, [...ids.values()], this.clock.now()) };
  }

  private async row(id: number): Promise<JobRow> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return row;
  }
}

function columns(input: JobInput): JobColumns {
  return {
    jobGroup: input.jobGroup,
    name: input.name,
    type: input.type,
    cron: input.cron,
    timeZone: input.timeZone,
    status: input.status,
    misfirePolicy: input.misfirePolicy,
    concurrent: input.concurrent ? 1 : 0,
    timeoutSeconds: input.timeoutSeconds,
    params: JSON.stringify(input.params),
    remark: input.remark ?? null,
  };
}
