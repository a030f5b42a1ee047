import { JOB_FILE_PATHS, type Job, type JobDevice, type JobRun, jobEndpoints, type Page } from '@envmon/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';
import { UPLOAD_BOUNDARY } from '../../test/chunked-upload.js';
import { ADMIN_PASSWORD, body, login, useTestApp } from '../../test/harness.js';
import type { JobActionResult, JobActions, JobRunContext } from './job-action.js';

/** Fake actions: the report writes a one-cell workbook naming the run's devices; a gate holds clock syncs. */
let gate: Promise<void> | null = null;
const seen: JobRunContext<unknown>[] = [];

async function workbookOf(names: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('report').addRow(names);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const act =
  (summary: string) =>
  async (run: JobRunContext<unknown>): Promise<JobActionResult> => {
    seen.push(run);
    if (gate) await gate;
    return { summary };
  };

const actions: JobActions = {
  gapFill: act('gaps filled'),
  clockSync: act('clocks set'),
  retention: act('nothing to remove'),
  offlineCheck: act('all online'),
  report: async (run) => {
    seen.push(run);
    return {
      summary: `report of ${run.devices.length} devices`,
      file: { name: '汇总报表 2026-03-01.xlsx', content: await workbookOf(run.devices.map((d) => d.deviceName)) },
    };
  },
};

function multipart(fields: Record<string, string>, file: Buffer): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(
      `${parts.join('')}--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="jobs.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`),
  ]);
}

const REPORT_JOB = {
  name: 'daily report',
  type: 'report',
  cron: '0 8 * * *',
  timeZone: 'Asia/Shanghai',
  params: { reportKind: 'summary' },
};

describe('System › job routes (dgs prefix)', () => {
  const t = useTestApp({ jobActions: actions });
  let admin: string;
  let reader: string;
  let d1: number;
  let d2: number;

  const send = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => {
    const response = await t().app.inject({
      method,
      url,
      headers: { token },
      ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload: payload as object }),
    });
    return { statusCode: response.statusCode, envelope: body<T>(response) };
  };
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const { statusCode, envelope } = await send<T>(method, url, payload);
    if (statusCode !== 200 || envelope.status !== 200) throw new Error(`${method} ${url}: ${envelope.desc}`);
    return envelope.data;
  };
  const runsOf = (jobId: number) => ok<Page<JobRun>>('GET', jobEndpoints.runs.path, { jobId: String(jobId) });

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    reader = await userWith(t(), admin, 'job-reader', ['system.job']);
    d1 = await insertDevice(t(), 'JOB0001');
    d2 = await insertDevice(t(), 'JOB0002');
  });

  it('lists the default jobs: gap filling, clock sync and retention running, the two that send outside paused', async () => {
    const page = await ok<Page<Job>>('GET', jobEndpoints.list.path, { pageSize: '50' });
    expect(page.list.map((j) => [j.type, j.status])).toEqual([
      ['gapFill', 'running'],
      ['clockSync', 'running'],
      ['retention', 'running'],
      ['report', 'paused'],
      ['offlineCheck', 'paused'],
    ]);
    for (const job of page.list) {
      if (job.status === 'running') expect(job.nextRunTime).toBeGreaterThan(t().clock.now());
      else expect(job.nextRunTime).toBeNull();
    }
  });

  it('adds, edits, pauses and resumes a job; refuses a second name in the group and bad input', async () => {
    const added = await ok<Job>('POST', jobEndpoints.add.path, REPORT_JOB);
    expect(added).toMatchObject({
      ...REPORT_JOB,
      jobGroup: 'DEFAULT',
      status: 'paused',
      params: { reportKind: 'summary', period: 'day', sendWebhook: false },
      nextRunTime: null,
      lastRun: null,
      deviceCount: 0,
    });
    const twice = await send('POST', jobEndpoints.add.path, REPORT_JOB);
    expect(twice.envelope.desc).toBe('该任务分组下已有同名任务！');
    for (const bad of [{ cron: 'every day' }, { timeZone: 'Mars/Base' }, { params: {} }, { type: 'reboot' }]) {
      const refused = await send('POST', jobEndpoints.add.path, { ...REPORT_JOB, name: 'other', ...bad });
      expect(refused.envelope.status, JSON.stringify(bad)).toBe(-1);
    }

    const edited = await ok<Job>('PUT', jobEndpoints.update.path, {
      ...REPORT_JOB,
      jobId: added.jobId,
      params: { reportKind: 'single', period: 'month' },
    });
    expect(edited.params).toEqual({ reportKind: 'single', period: 'month', sendWebhook: false });

    const resumed = await ok<Job>('PUT', jobEndpoints.changeStatus.path, { jobId: added.jobId, status: 'running' });
    // 08:00 in Shanghai is 00:00 UTC.
    expect(resumed.status).toBe('running');
    expect(new Date(resumed.nextRunTime ?? 0).toISOString()).toMatch(/T00:00:00\.000Z$/);
    const paused = await ok<Job>('PUT', jobEndpoints.changeStatus.path, { jobId: added.jobId, status: 'paused' });
    expect(paused.nextRunTime).toBeNull();

    const found = await ok<Page<Job>>('GET', jobEndpoints.list.path, { name: 'DAILY', type: 'report' });
    expect(found.list.map((j) => j.jobId)).toEqual([added.jobId]);
    expect(await ok<Job>('GET', `/dgs/system/job/rest/${added.jobId}`)).toMatchObject({ name: 'daily report' });
  });

  it("keeps a job's devices: add, list, take off, and the job-list template and its import", async () => {
    const job = await ok<Job>('POST', jobEndpoints.add.path, { ...REPORT_JOB, name: 'devices' });
    expect(await ok('POST', jobEndpoints.devicesAdd.path, { jobId: job.jobId, deviceIds: [d1, d1] })).toEqual({
      added: 1,
    });
    const unknown = await send('POST', jobEndpoints.devicesAdd.path, { jobId: job.jobId, deviceIds: [999_999] });
    expect(unknown.envelope.desc).toBe('数据不存在！');

    const template = await t().app.inject({
      method: 'GET',
      url: JOB_FILE_PATHS.devicesTemplate,
      headers: { token: reader },
    });
    expect(template.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, '设备编码', '设备名称']);
    // Filled in: the example row replaced by two stations, one of them already on the job.
    sheet?.spliceRows(2, sheet.rowCount);
    sheet?.addRow(['JOB0001', 'Station JOB0001']);
    sheet?.addRow(['JOB0002', 'Station JOB0002']);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const imported = await t().app.inject({
      method: 'POST',
      url: JOB_FILE_PATHS.devicesImport,
      headers: { token: admin, 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
      payload: multipart({ jobId: String(job.jobId) }, filled),
    });
    expect(body(imported)).toMatchObject({ status: 200, data: { added: 1 }, desc: '成功添加1台设备！' });

    sheet?.addRow(['NOPE0001']);
    const refused = await t().app.inject({
      method: 'POST',
      url: JOB_FILE_PATHS.devicesImport,
      headers: { token: admin, 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
      payload: multipart({ jobId: String(job.jobId) }, Buffer.from(await workbook.xlsx.writeBuffer())),
    });
    expect(body(refused).desc).toBe('导入失败，以下设备编码不存在，未添加任何设备：NOPE0001');

    const listed = await ok<Page<JobDevice>>('GET', jobEndpoints.devicesList.path, { jobId: String(job.jobId) });
    expect(listed.list.map((d) => d.deviceCode)).toEqual(['JOB0001', 'JOB0002']);
    expect(await ok('GET', jobEndpoints.devicesDelete.path, { jobId: String(job.jobId), deviceIds: `${d1}` })).toEqual({
      removed: 1,
    });
    expect((await ok<Job>('GET', `/dgs/system/job/rest/${job.jobId}`)).deviceCount).toBe(1);
  });

  it('runs a job now: the run is recorded with who started it, its summary and its file', async () => {
    const job = await ok<Job>('POST', jobEndpoints.add.path, { ...REPORT_JOB, name: 'run now' });
    await ok('POST', jobEndpoints.devicesAdd.path, { jobId: job.jobId, deviceIds: [d2] });
    const wrongGroup = await send('PUT', jobEndpoints.run.path, { jobId: job.jobId, jobGroup: 'OTHER' });
    expect(wrongGroup.envelope.desc).toBe('数据不存在！');
    const started = await ok<JobRun>('PUT', jobEndpoints.run.path, { jobId: job.jobId, jobGroup: 'DEFAULT' });
    expect(started).toMatchObject({ jobId: job.jobId, plannedTime: null, startedBy: 'admin', endTime: null });

    await vi.waitFor(async () => expect((await runsOf(job.jobId)).list[0]?.outcome).toBe('success'));
    const [run] = (await runsOf(job.jobId)).list;
    expect(run).toMatchObject({ summary: 'report of 1 devices', fileName: '汇总报表 2026-03-01.xlsx' });
    expect((await ok<Job>('GET', `/dgs/system/job/rest/${job.jobId}`)).lastRun).toMatchObject({
      runId: run?.runId,
      outcome: 'success',
    });

    const file = await t().app.inject({
      method: 'GET',
      url: JOB_FILE_PATHS.runFile,
      query: { runId: String(run?.runId) },
      headers: { token: reader },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('汇总报表 2026-03-01.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getCell('A1').value).toBe('Station JOB0002');
  });

  it('refuses a run by hand while the previous run of the job still goes on', async () => {
    const job = await ok<Job>('POST', jobEndpoints.add.path, {
      name: 'slow sync',
      type: 'clockSync',
      cron: '0 3 * * *',
      timeZone: 'UTC',
      params: {},
    });
    let release = (): void => undefined;
    gate = new Promise<void>((resolve) => (release = resolve));
    await ok('PUT', jobEndpoints.run.path, { jobId: job.jobId, jobGroup: 'DEFAULT' });
    const second = await send('PUT', jobEndpoints.run.path, { jobId: job.jobId, jobGroup: 'DEFAULT' });
    expect(second.envelope.desc).toBe('任务正在运行，请稍后再试！');
    release();
    gate = null;
    await vi.waitFor(async () => expect((await runsOf(job.jobId)).list[0]?.outcome).toBe('success'));
    expect((await runsOf(job.jobId)).total).toBe(1);
  });

  it('refuses every job call to a user bound to devices: jobs act on the whole platform', async () => {
    const bound = await userWith(t(), admin, 'job-bound', ['system.job', 'system.job:write'], ['JOB0001']);
    const job = await ok<Job>('POST', jobEndpoints.add.path, { ...REPORT_JOB, name: 'platform wide' });
    const calls: ['GET' | 'POST' | 'PUT', string, unknown][] = [
      ['GET', jobEndpoints.list.path, {}],
      ['GET', `/dgs/system/job/rest/${job.jobId}`, {}],
      ['GET', jobEndpoints.runs.path, { jobId: String(job.jobId) }],
      ['GET', jobEndpoints.devicesList.path, { jobId: String(job.jobId) }],
      ['GET', JOB_FILE_PATHS.runFile, { runId: '1' }],
      ['GET', JOB_FILE_PATHS.devicesTemplate, {}],
      ['POST', jobEndpoints.add.path, { ...REPORT_JOB, name: 'mine' }],
      ['PUT', jobEndpoints.run.path, { jobId: job.jobId, jobGroup: 'DEFAULT' }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(method, url, payload, bound)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('checks the token and the permission on every call; a delete takes the runs with it', async () => {
    const job = await ok<Job>('POST', jobEndpoints.add.path, { ...REPORT_JOB, name: 'to delete' });
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['POST', jobEndpoints.add.path, { ...REPORT_JOB, name: 'x' }],
      ['PUT', jobEndpoints.update.path, { ...REPORT_JOB, jobId: job.jobId }],
      ['PUT', jobEndpoints.changeStatus.path, { jobId: job.jobId, status: 'running' }],
      ['PUT', jobEndpoints.run.path, { jobId: job.jobId, jobGroup: 'DEFAULT' }],
      ['POST', jobEndpoints.devicesAdd.path, { jobId: job.jobId, deviceIds: [d1] }],
      ['GET', jobEndpoints.devicesDelete.path, { jobId: String(job.jobId), deviceIds: String(d1) }],
      ['DELETE', `/dgs/system/job/rest/${job.jobId}`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(method, url, payload, reader)).statusCode, `${method} ${url}`).toBe(403);
      expect((await send(method, url, payload, 'not-a-token')).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const url of [jobEndpoints.list.path, jobEndpoints.runs.path, JOB_FILE_PATHS.devicesTemplate]) {
      expect((await send('GET', url, { jobId: String(job.jobId) }, 'not-a-token')).statusCode).toBe(401);
    }
    expect((await send('GET', jobEndpoints.list.path, {}, reader)).statusCode).toBe(200);

    await ok('PUT', jobEndpoints.run.path, { jobId: job.jobId, jobGroup: 'DEFAULT' });
    await vi.waitFor(async () => expect((await runsOf(job.jobId)).list[0]?.outcome).toBe('success'));
    expect(await ok('DELETE', `/dgs/system/job/rest/${job.jobId}`)).toBeNull();
    expect((await send('GET', jobEndpoints.runs.path, { jobId: String(job.jobId) })).envelope.desc).toBe(
      '数据不存在！',
    );
  });
});
