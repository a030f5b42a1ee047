// @vitest-environment jsdom
import type { Job, JobRun, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { choose, dialog, field, fieldError, rowOf } from '../../../../test/antd-queries';
import JobPage from './job-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const BASE = '/dgs/system/job/rest';
const WRITER: Permissions = { isAdmin: false, codes: new Set(['system.job', 'system.job:write']) };
const READER: Permissions = { isAdmin: false, codes: new Set(['system.job']) };
const FIND = { timeout: 10_000 };

const REPORT: Job = {
  jobId: 5,
  jobGroup: 'REPORTS',
  name: '日报',
  cron: '0 1 * * *',
  timeZone: 'Asia/Shanghai',
  status: 'paused',
  misfirePolicy: 'runOnce',
  concurrent: false,
  timeoutSeconds: 600,
  remark: null,
  nextRunTime: null,
  lastRun: {
    runId: 31,
    startTime: Date.UTC(2026, 11, 5, 17, 0, 0),
    endTime: Date.UTC(2026, 11, 5, 17, 0, 3),
    outcome: 'failed',
  },
  deviceCount: 1,
  type: 'report',
  params: { reportKind: 'single', period: 'day', sendWebhook: false },
};

const RUN: JobRun = {
  runId: 32,
  jobId: 5,
  plannedTime: null,
  startTime: Date.UTC(2026, 11, 6, 2, 0, 0),
  endTime: Date.UTC(2026, 11, 6, 2, 0, 2, 500),
  outcome: 'success',
  summary: '单站报表：1 个站点',
  log: ['report single day 2026-12-05', 'wrote 日报.xlsx'],
  startedBy: 'admin',
  fileName: '日报.xlsx',
};

const page = <T,>(list: T[]): Page<T> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === `${BASE}/list`) return Promise.resolve(page([REPORT]));
    if (url === `${BASE}/runs`) return Promise.resolve(page([RUN]));
    if (url === `${BASE}/devices/list`) return Promise.resolve(page([]));
    if (url === `${BASE}/devices/delete`) return Promise.resolve({ removed: 1 });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.put.mockImplementation((url: string, body: { status?: string }) =>
    Promise.resolve(url.endsWith('/run') ? { ...RUN, endTime: null, outcome: null } : { ...REPORT, ...body }),
  );
  api.post.mockResolvedValue(REPORT);
  api.download.mockResolvedValue(undefined);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('JobPage', { timeout: 30_000 }, () => {
  it('lists a job by label: type, cron with its zone, status, why there is no next run, the last outcome', async () => {
    renderWithProviders(<JobPage />, WRITER);
    const row = await rowOf('日报');
    expect(row.textContent).toContain('定时报表');
    expect(row.textContent).toContain('0 1 * * *');
    expect(row.textContent).toContain('Asia/Shanghai');
    expect(row.textContent).toContain('已暂停');
    expect(row.textContent).toContain('未排期（已暂停）');
    expect(within(row).getByTestId('job-last-5').textContent).toContain('失败');
    expect(row.textContent).toContain('1 台');
  });

  it('resumes a paused job after confirming', async () => {
    renderWithProviders(<JobPage />, WRITER);
    fireEvent.click(within(await rowOf('日报')).getByTestId('job-resume-5'));
    const confirm = await screen.findByText('确定恢复“日报”吗？将在下一个计划时间执行。', undefined, FIND);
    fireEvent.click(button(confirm.closest<HTMLElement>('.ant-modal') ?? document.body, '恢复'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith(`${BASE}/changeStatus`, { jobId: 5, status: 'running' }));
  });

  it('runs a job now and opens its history: by hand, how long, the log, the file', async () => {
    renderWithProviders(<JobPage />, WRITER);
    fireEvent.click(within(await rowOf('日报')).getByTestId('job-run-5'));
    fireEvent.click(button(dialog(), '立即执行'));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith(`${BASE}/run`, { jobId: 5, jobGroup: 'REPORTS' }, { silent: true }),
    );
    const runs = await screen.findByTestId('job-runs', undefined, FIND);
    const run = await within(runs).findByText('手动：admin', undefined, FIND);
    const row = run.closest<HTMLElement>('tr');
    expect(row?.textContent).toContain('2 秒');
    expect(row?.textContent).toContain('成功');
    fireEvent.click(within(runs).getByTestId('job-run-file-32'));
    expect(api.download).toHaveBeenCalledWith(`${BASE}/runs/file`, { runId: 32 });
    fireEvent.click(runs.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect((await within(runs).findByTestId('job-run-log-32', undefined, FIND)).textContent).toBe(
      'report single day 2026-12-05\nwrote 日报.xlsx',
    );
  });

  it('adds a job: the cron helper previews, a wrong cron is refused beside its field, the parameters go nested', async () => {
    renderWithProviders(<JobPage />, WRITER);
    await rowOf('日报');
    fireEvent.click(screen.getByTestId('job-add'));
    const form = dialog();
    const preview = within(form).getByTestId('job-cron-preview');
    await waitFor(() => expect(preview.querySelectorAll('li')).toHaveLength(5));
    expect(preview.querySelector('li')?.textContent).toMatch(/^\d{4}-\d{2}-\d{2} 01:00:00$/);
    fireEvent.change(field(form, 'name'), { target: { value: '补缺' } });
    await choose(form, 'type', '数据补缺');
    await waitFor(() => expect(field(form, 'windowHours').value).toBe('48'));
    fireEvent.change(field(form, 'cron'), { target: { value: '0 25 * * *' } });
    expect((await within(form).findByTestId('job-cron-invalid', undefined, FIND)).textContent).toBe('格式不正确！');
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(fieldError(form, 'cron 表达式')).toBe('格式不正确！'));
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(field(form, 'cron'), { target: { value: '0 3 * * *' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(BASE, {
        name: '补缺',
        jobGroup: 'DEFAULT',
        type: 'gapFill',
        params: { windowHours: 48, granules: ['hour'] },
        cron: '0 3 * * *',
        timeZone: 'Asia/Shanghai',
        status: 'paused',
        misfirePolicy: 'runOnce',
        concurrent: false,
        timeoutSeconds: 600,
        remark: null,
      }),
    );
  });

  it('offers readers the history and devices only, and says when a job has no devices', async () => {
    renderWithProviders(<JobPage />, READER);
    const row = await rowOf('日报');
    expect(screen.queryByTestId('job-add')).toBeNull();
    expect(within(row).queryByTestId('job-run-5')).toBeNull();
    expect(within(row).queryByTestId('job-resume-5')).toBeNull();
    fireEvent.click(within(row).getByTestId('job-devices-5'));
    const devices = await screen.findByTestId('job-devices', undefined, FIND);
    expect(await within(devices).findByText('未添加设备：任务作用于全部设备', undefined, FIND)).toBeTruthy();
    expect(within(devices).queryByTestId('job-devices-add')).toBeNull();
  });

  it('adds devices from the picker and removes the ticked ones, their ids comma-separated', async () => {
    const devices = [
      { jobId: 5, deviceId: 7, deviceName: '莲花山水站', deviceCode: 'LHS001', createTime: 0 },
      { jobId: 5, deviceId: 8, deviceName: '梅林水站', deviceCode: 'ML001', createTime: 0 },
    ];
    api.get.mockImplementation((url: string) => {
      if (url === `${BASE}/list`) return Promise.resolve(page([REPORT]));
      if (url === `${BASE}/devices/list`) return Promise.resolve(page(devices));
      if (url === `${BASE}/devices/delete`) return Promise.resolve({ removed: 2 });
      if (url === '/manager/system/device/rest/getAll')
        return Promise.resolve(page([{ id: 9, deviceName: '大梅沙水站', deviceCode: 'DMS001', deviceType: '32' }]));
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    api.post.mockResolvedValue({ added: 1 });
    renderWithProviders(<JobPage />, WRITER);
    fireEvent.click(within(await rowOf('日报')).getByTestId('job-devices-5'));
    const drawer = await screen.findByTestId('job-devices', undefined, FIND);
    await within(drawer).findByText('LHS001', undefined, FIND);
    expect(within(drawer).getByTestId<HTMLButtonElement>('job-devices-remove').disabled).toBe(true);
    fireEvent.click(within(drawer).getByRole('checkbox', { name: '莲花山水站' }));
    fireEvent.click(within(drawer).getByRole('checkbox', { name: '梅林水站' }));
    fireEvent.click(within(drawer).getByTestId('job-devices-remove'));
    const confirm = await screen.findByText('确定从“日报”移除 2 台设备吗？', undefined, FIND);
    fireEvent.click(button(confirm.closest<HTMLElement>('.ant-modal') ?? document.body, '删除'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith(`${BASE}/devices/delete`, { jobId: 5, deviceIds: '7,8' }));

    fireEvent.click(within(drawer).getByTestId('job-devices-add'));
    const picker = await screen.findByTestId('job-devices-add-form', undefined, FIND);
    await choose(picker, 'deviceIds', '大梅沙水站');
    fireEvent.click(button(picker.closest<HTMLElement>('.ant-modal') ?? document.body, '保存'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${BASE}/devices/add`, { jobId: 5, deviceIds: [9] }));
  });

  it('speaks English, and says when there is no job', async () => {
    await i18n.changeLanguage('en-US');
    api.get.mockImplementation((url: string) =>
      url === `${BASE}/list` ? Promise.resolve(page([])) : Promise.reject(new Error(`unexpected ${url}`)),
    );
    renderWithProviders(<JobPage />, WRITER);
    expect(await screen.findByText('No jobs', undefined, FIND)).toBeTruthy();
  });
});
