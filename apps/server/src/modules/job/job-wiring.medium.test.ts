import { JOB_FILE_PATHS, type Job, type JobRun, jobEndpoints, type Page } from '@envmon/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { insertDevice } from '../deploy/device-panel.test-support.js';
import { ADMIN_PASSWORD, body, login, useTestApp } from '../../test/harness.js';

/** The job types' real actions as the app wires them, run by hand through the routes. */
describe('job actions as wired in the app', () => {
  const t = useTestApp();
  let admin: string;
  let device: number;

  const send = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
    const response = await t().app.inject({
      method,
      url,
      headers: { token: admin },
      ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }),
    });
    const envelope = body<T>(response);
    if (envelope.status !== 200) throw new Error(`${method} ${url}: ${envelope.desc}`);
    return envelope.data;
  };

  /** Adds a job for the device, runs it now and answers the run once it has ended. */
  const runOnce = async (job: Record<string, unknown>): Promise<JobRun> => {
    const added = await send<Job>('POST', jobEndpoints.add.path, { cron: '0 8 * * *', timeZone: 'UTC', ...job });
    await send('POST', jobEndpoints.devicesAdd.path, { jobId: added.jobId, deviceIds: [device] });
    await send('PUT', jobEndpoints.run.path, { jobId: added.jobId, jobGroup: added.jobGroup });
    let ended: JobRun | undefined;
    await vi.waitFor(
      async () => {
        const runs = await send<Page<JobRun>>('GET', jobEndpoints.runs.path, { jobId: String(added.jobId) });
        ended = runs.list[0];
        expect(ended?.endTime).not.toBeNull();
      },
      { timeout: 15_000 },
    );
    if (!ended) throw new Error('no run');
    return ended;
  };

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    device = await insertDevice(t(), 'WIRE0001');
  });

  it('a single-station report run writes its xlsx, kept for download', async () => {
    const run = await runOnce({ name: 'single', type: 'report', params: { reportKind: 'single' } });
    expect(run).toMatchObject({ outcome: 'success', fileName: expect.stringMatching(/\.xlsx$/) as unknown });
    const file = await t().app.inject({
      method: 'GET',
      url: JOB_FILE_PATHS.runFile,
      query: { runId: String(run.runId) },
      headers: { token: admin },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    // One station: the single-station export's own two sheets, the station in the file's name.
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['统计', '数据']);
    expect(run.fileName).toContain('Station WIRE0001');
  });

  it('a retention run and a clock sync end as their actions say', async () => {
    const retention = await runOnce({ name: 'retention', type: 'retention', params: {} });
    expect(retention.outcome).toBe('success');
    expect(retention.summary).toMatch(/^removed 0 /);
    // No gateway in this process: the station cannot be reached, so the run says it failed and why.
    const sync = await runOnce({ name: 'sync', type: 'clockSync', params: {} });
    expect(sync.outcome).toBe('failed');
    expect(sync.log.join('\n')).toMatch(/failed/);
  });
});
