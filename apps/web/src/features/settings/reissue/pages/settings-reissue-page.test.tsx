// @vitest-environment jsdom
import type { Page, ReissueTask } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import SettingsReissuePage from './settings-reissue-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

const LIST_URL = '/manager/settings/reissue/rest/list';
const HOUR_MS = 3_600_000;
/** The clock the form's default range (the last 24 hours) ends at. */
const NOW = Date.UTC(2026, 10, 20, 4, 0, 0);

const task = (over: Partial<ReissueTask>): ReissueTask => ({
  id: 1,
  deviceId: 7,
  deviceName: '莲花山水站',
  deviceCode: 'MN0007',
  mode: 'add',
  cn: '2051',
  beginTime: NOW - 24 * HOUR_MS,
  endTime: NOW,
  status: 'done',
  reason: null,
  missing: null,
  requests: 1,
  stored: 140,
  expected: 144,
  createdBy: 'admin',
  createTime: NOW,
  finishTime: NOW + 60_000,
  ...over,
});

const TASKS: ReissueTask[] = [
  task({
    id: 2,
    deviceId: 8,
    deviceName: '罗湖口岸站',
    deviceCode: 'MN0008',
    mode: 'repair',
    cn: '2061',
    status: 'failed',
    reason: 'notConnected',
    missing: 5,
    requests: 0,
    stored: null,
    expected: 24,
    // Asked for by a scheduled gap filling: no user.
    createdBy: null,
    finishTime: NOW,
  }),
  task({ id: 1 }),
];

const page = (list: ReissueTask[]): Page<ReissueTask> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });
const SLOW = { timeout: 30_000 };
const WRITER_OF_NOTHING = { isAdmin: false, codes: new Set(['settings.reissue']) };

function mockList(...pages: Page<ReissueTask>[]) {
  let call = 0;
  api.get.mockImplementation((url: string) => {
    if (url === LIST_URL) return Promise.resolve(pages[Math.min(call++, pages.length - 1)]);
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({
        list: [
          { id: 7, deviceName: '莲花山水站' },
          { id: 8, deviceName: '罗湖口岸站' },
        ],
        total: 2,
        pageNum: 1,
        pageSize: 1000,
      });
    return Promise.resolve([]);
  });
}

const listCalls = () => api.get.mock.calls.filter(([url]) => url === LIST_URL).length;

async function pickOption(combobox: HTMLElement, label: string) {
  fireEvent.mouseDown(combobox);
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

beforeAll(installAntdShims);
beforeEach(async () => {
  // Only the date: react-query and antd keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await i18n.changeLanguage('zh-CN');
  mockList(page(TASKS));
  api.post.mockResolvedValue([task({ id: 3, status: 'running' }), task({ id: 4, deviceId: 8, status: 'running' })]);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  api.get.mockReset();
  api.post.mockReset();
});

describe('SettingsReissuePage', () => {
  it('lists the tasks with their translated status, reason and counts', SLOW, async () => {
    renderWithProviders(<SettingsReissuePage />);
    const failed = (await screen.findByText('罗湖口岸站')).closest('tr') as HTMLElement;
    expect(within(failed).getByText('MN0008')).toBeTruthy();
    expect(within(failed).getByText('补缺')).toBeTruthy();
    expect(within(failed).getByText('小时数据 (2061)')).toBeTruthy();
    expect(within(failed).getByText('失败')).toBeTruthy();
    expect(within(failed).getByText('设备未连接')).toBeTruthy();
    expect(within(failed).getByText('- / 24')).toBeTruthy();
    expect(within(failed).getByText('系统')).toBeTruthy();
    const done = screen.getByText('MN0007').closest('tr') as HTMLElement;
    expect(within(done).getByText('已完成')).toBeTruthy();
    expect(within(done).getByText('140 / 144')).toBeTruthy();
    expect(within(done).getByText('分钟数据 (2051)')).toBeTruthy();
    expect(within(done).getByText('admin')).toBeTruthy();
  });

  it('says when there are no tasks', SLOW, async () => {
    mockList(page([]));
    renderWithProviders(<SettingsReissuePage />);
    expect(await screen.findByText('暂无补发任务')).toBeTruthy();
  });

  it('asks for the whole range of the chosen devices and kind, then says how many tasks were made', SLOW, async () => {
    renderWithProviders(<SettingsReissuePage />);
    await screen.findByText('罗湖口岸站');
    const form = screen.getByTestId('reissue-form');
    const [devices, kind] = within(form).getAllByRole('combobox');
    await pickOption(devices as HTMLElement, '莲花山水站');
    await pickOption(devices as HTMLElement, '罗湖口岸站');
    await pickOption(kind as HTMLElement, '小时数据 (2061)');
    const before = listCalls();
    fireEvent.click(button(form, '补发整个时段'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        '/manager/settings/reissue/rest/add',
        { deviceIds: [7, 8], cn: '2061', beginTime: NOW - 24 * HOUR_MS, endTime: NOW },
        { silent: true },
      ),
    );
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('已创建 2 个补发任务')).toBeTruthy();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it('refuses more than 31 days of minute data without asking the server', SLOW, async () => {
    renderWithProviders(<SettingsReissuePage />);
    await screen.findByText('罗湖口岸站');
    const form = screen.getByTestId('reissue-form');
    const [devices] = within(form).getAllByRole('combobox');
    await pickOption(devices as HTMLElement, '莲花山水站');
    fireEvent.mouseDown(form.querySelector('.ant-picker-input input') as HTMLInputElement);
    fireEvent.click(form.querySelector('.ant-picker-input input') as HTMLInputElement);
    fireEvent.click(await screen.findByText('最近 90 天'));
    fireEvent.click(button(form, '只补缺失时段'));
    expect(await screen.findByText('分钟数据一次最多补发 31 天')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('asks for devices before anything is sent', SLOW, async () => {
    renderWithProviders(<SettingsReissuePage />);
    await screen.findByText('罗湖口岸站');
    fireEvent.click(button(screen.getByTestId('reissue-form'), '补发整个时段'));
    expect(await screen.findByText('请选择设备')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows a reader the tasks but no way to ask for data', SLOW, async () => {
    renderWithProviders(<SettingsReissuePage />, WRITER_OF_NOTHING);
    await screen.findByText('罗湖口岸站');
    expect(screen.queryByText('补发整个时段')).toBeNull();
    expect(screen.queryByText('只补缺失时段')).toBeNull();
    expect(screen.queryByTestId('reissue-form')).toBeNull();
  });

  it('speaks English', SLOW, async () => {
    await i18n.changeLanguage('en-US');
    renderWithProviders(<SettingsReissuePage />);
    await screen.findByText('罗湖口岸站');
    expect(screen.getByText('Data reissue')).toBeTruthy();
    expect(button(document.body, 'Reissue the whole range')).toBeTruthy();
    expect(button(document.body, 'Fill the gaps only')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Device not connected')).toBeTruthy();
    expect(screen.getByText('Fill gaps')).toBeTruthy();
    expect(screen.getAllByText('Stored / expected').length).toBeGreaterThan(0);
  });
});
