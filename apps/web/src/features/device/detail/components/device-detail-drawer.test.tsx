// @vitest-environment jsdom
import type { DeviceLatestValue, DeviceSummary, DeviceSyncResult, OperationLog, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { deviceLatestQueryOptions } from '../api/get-latest';
import { DeviceDetailDrawer } from './device-detail-drawer';
import { LATEST_REFRESH_MS } from './constants';
import { ADMIN, button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { DEVICE, READER } from './test-harness';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', () => ({ api }));

const LATEST: DeviceLatestValue[] = [
  {
    factorCode: 'w01009',
    factorName: '溶解氧',
    factorNameEn: 'Dissolved oxygen',
    unit: 'mg/L',
    decimals: 2,
    kind: 'min',
    dataTime: 1_763_000_000_000,
    value: 7.1234,
    flag: 'N',
    quality: 'SH4',
    receivedAt: 1_763_000_001_000,
  },
  {
    factorCode: 'x99',
    factorName: null,
    factorNameEn: null,
    unit: null,
    decimals: null,
    kind: 'rtd',
    dataTime: 1_763_000_000_000,
    value: 3.5,
    flag: 'D1.',
    quality: 'N',
    receivedAt: 1_763_000_001_000,
  },
];

const SUMMARY: DeviceSummary = {
  device: { ...DEVICE, intervalTime: 300 },
  online: true,
  changedAt: 1_763_000_000_000,
  lastPacketAt: 1_763_000_000_000,
  dayStart: 1_762_963_200_000,
  measurementsToday: 120,
  packetsToday: 12,
  rejectedToday: 1,
  factorsReporting: 2,
  firstDataTime: null,
  lastDataTime: 1_763_000_000_000,
};

const SYNC_RESULTS: DeviceSyncResult[] = [
  { item: 'intervalTime', cn: '1062', outcome: 'ok', qnRtn: 1, exeRtn: 1 },
  { item: 'time', cn: '1012', outcome: 'timeout', qnRtn: null, exeRtn: null },
  { item: 'password', cn: '1072', outcome: 'refused', qnRtn: 2, exeRtn: null },
];

const LOGS: Page<OperationLog> = {
  list: [
    {
      id: 90,
      userId: 1,
      userName: 'admin',
      method: 'POST',
      url: '/manager/system/device/rest/update',
      params: null,
      status: -1,
      result: '更新失败，更新的设备已存在！',
      ip: '127.0.0.1',
      durationMs: 12,
      createTime: 1_763_000_000_000,
    },
  ],
  total: 41,
  pageNum: 1,
  pageSize: 20,
};

function drawer(): HTMLElement {
  const found = document.querySelector<HTMLElement>('.ant-drawer');
  if (!found) throw new Error('no drawer');
  return found;
}

function openTab(label: string) {
  const tab = within(drawer()).getByText(label, { selector: '.ant-tabs-tab-btn, .ant-tabs-tab-btn *' });
  fireEvent.click(tab);
}

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url.endsWith('/detail/rest/getLatest')) return Promise.resolve(LATEST);
    if (url.endsWith('/detail/rest/getSummary')) return Promise.resolve(SUMMARY);
    if (url.endsWith('/detail/rest/getOperateLog')) return Promise.resolve(LOGS);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockResolvedValue(SYNC_RESULTS);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DeviceDetailDrawer', { timeout: 30_000 }, () => {
  it('renders nothing without a device', () => {
    renderWithProviders(<DeviceDetailDrawer device={null} open onClose={() => undefined} />);
    expect(document.querySelector('.ant-drawer-open')).toBeNull();
  });

  it('opens on the data tab with the latest values: decimals, unit, flags by vocabulary', async () => {
    renderWithProviders(<DeviceDetailDrawer device={DEVICE} open onClose={() => undefined} />);
    expect(await screen.findByText('7.12')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(
      '/manager/system/device/detail/rest/getLatest',
      { deviceId: 7 },
      { quiet: true },
    );
    const scope = drawer();
    expect(within(scope).getByText('设备详情：莲花山水站')).toBeTruthy();
    for (const tab of ['数据', '操作记录', '设置', '概况', '同步', '虚拟设备', '分组', '监测因子']) {
      expect(within(scope).getByText(tab, { selector: '.ant-tabs-tab-btn, .ant-tabs-tab-btn *' })).toBeTruthy();
    }
    const row = within(scope).getByText('溶解氧').closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('mg/L')).toBeTruthy();
    expect(within(row).getByText('正常')).toBeTruthy();
    expect(within(row).getByText('突升')).toBeTruthy();
    expect(within(row).getByText('分钟')).toBeTruthy();
    // No decimals known: the value as stored; an unknown code is marked; a dotted flag is a pre-fit value.
    const unknown = within(scope).getByText('未登记因子').closest('tr');
    if (!unknown) throw new Error('no row');
    expect(within(unknown).getByText('3.5')).toBeTruthy();
    expect(within(unknown).getByText('基线漂移 (拟合前)')).toBeTruthy();
  });

  it('polls the latest values every 10 seconds', () => {
    expect(LATEST_REFRESH_MS).toBe(10_000);
    expect(deviceLatestQueryOptions(DEVICE.id).refetchInterval).toBe(LATEST_REFRESH_MS);
  });

  it('shows a load failure on the data tab', async () => {
    api.get.mockRejectedValue(new Error('boom'));
    renderWithProviders(<DeviceDetailDrawer device={DEVICE} open onClose={() => undefined} />);
    expect(await screen.findByText('boom')).toBeTruthy();
    expect(screen.getByText('加载失败')).toBeTruthy();
  });

  it('summarises the device and its connection', async () => {
    renderWithProviders(<DeviceDetailDrawer device={DEVICE} open onClose={() => undefined} />);
    openTab('概况');
    expect(await screen.findByText('在线')).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText('从未')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/manager/system/device/detail/rest/getSummary', { deviceId: 7 });
  });

  it('pages the device’s operation log', async () => {
    renderWithProviders(<DeviceDetailDrawer device={DEVICE} open onClose={() => undefined} />);
    openTab('操作记录');
    const row = (await screen.findByText('更新失败，更新的设备已存在！')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('失败')).toBeTruthy();
    expect(within(row).getByText('admin')).toBeTruthy();
    expect(screen.getByText('共 41 条')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/manager/system/device/detail/rest/getOperateLog', {
      deviceId: 7,
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('shows the stored station settings, the password only on demand, and syncs them all', async () => {
    renderWithProviders(<DeviceDetailDrawer device={DEVICE} open onClose={() => undefined} />);
    openTab('设置');
    // The summary's stored device wins over the row the panel passed.
    expect(await screen.findByText('300 秒')).toBeTruthy();
    expect(screen.getByText('UTC+08:00')).toBeTruthy();
    expect(screen.queryByText('123456')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '访问密码' }));
    expect(screen.getByText('123456')).toBeTruthy();

    fireEvent.click(button(drawer(), '下发到站点'));
    await waitFor(() => expect(screen.getByTestId('device-sync-results')).toBeTruthy());
    expect(api.post).toHaveBeenCalledWith(
      '/manager/system/device/setting/rest/sync',
      { deviceId: 7, items: ['intervalTime', 'time', 'password'] },
      expect.objectContaining({ silent: true }),
    );
  });

  it('runs a sync of the chosen items and colours each answer', async () => {
    renderWithProviders(<DeviceDetailDrawer device={DEVICE} open onClose={() => undefined} />);
    openTab('同步');
    const scope = screen.getByTestId('device-detail-sync');
    fireEvent.click(within(scope).getByText('系统时间'));
    fireEvent.click(button(scope, '开始同步'));
    const results = await screen.findByTestId('device-sync-results');
    expect(api.post).toHaveBeenCalledWith(
      '/manager/system/device/setting/rest/sync',
      { deviceId: 7, items: ['intervalTime', 'password'] },
      expect.objectContaining({ silent: true }),
    );
    expect(within(results).getByText('部分参数未同步成功')).toBeTruthy();
    const tag = (outcome: string) => results.querySelector(`[data-outcome="${outcome}"]`);
    expect(tag('ok')?.textContent).toBe('成功');
    expect(tag('ok')?.className).toContain('success');
    expect(tag('timeout')?.textContent).toBe('超时');
    expect(tag('timeout')?.className).toContain('warning');
    expect(tag('refused')?.textContent).toBe('被拒绝');
    expect(tag('refused')?.className).toContain('error');
    // Return codes by their meaning (HJ 212 Tables 6, 7), not as numbers.
    expect(within(results).getByText('请求应答 请求被拒绝')).toBeTruthy();
    expect(within(results).getByText('请求应答 准备执行请求, 执行结果 执行成功')).toBeTruthy();
    expect(within(results).getAllByText('无应答')).toHaveLength(1);
  });

  it('keeps a refused sync in view (the station is not connected)', async () => {
    api.post.mockRejectedValue(new Error('设备未连接'));
    renderWithProviders(<DeviceDetailDrawer device={DEVICE} open onClose={() => undefined} />);
    openTab('同步');
    fireEvent.click(button(screen.getByTestId('device-detail-sync'), '开始同步'));
    const alert = await screen.findByTestId('device-sync-error');
    expect(within(alert).getByText('设备未连接')).toBeTruthy();
    expect(screen.queryByTestId('device-sync-results')).toBeNull();
  });

  it('refuses to run a sync with nothing chosen', () => {
    renderWithProviders(<DeviceDetailDrawer device={DEVICE} open onClose={() => undefined} />);
    openTab('同步');
    const scope = screen.getByTestId('device-detail-sync');
    for (const item of ['上报间隔', '系统时间', '访问密码']) fireEvent.click(within(scope).getByText(item));
    expect(button(scope, '开始同步').disabled).toBe(true);
    expect(within(scope).getByText('请至少选择一项')).toBeTruthy();
  });

  it('hides the sync tab and action from a user without the device write permission', async () => {
    renderWithProviders(<DeviceDetailDrawer device={DEVICE} open onClose={() => undefined} />, READER);
    await screen.findByText('7.12');
    const tabs = [...drawer().querySelectorAll('.ant-tabs-tab-btn')].map((tab) => tab.textContent);
    expect(tabs).toEqual(['数据', '操作记录', '设置', '概况', '虚拟设备', '分组', '监测因子']);
    openTab('设置');
    expect(await screen.findByText('300 秒')).toBeTruthy();
    expect(screen.queryByText('下发到站点')).toBeNull();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en-US');
    renderWithProviders(<DeviceDetailDrawer device={DEVICE} open onClose={() => undefined} />, ADMIN);
    expect(await screen.findByText('Dissolved oxygen')).toBeTruthy();
    expect(screen.getByText('Sudden rise')).toBeTruthy();
    expect(within(drawer()).getByText('Device details: 莲花山水站')).toBeTruthy();
    expect(
      within(drawer()).getByText('Virtual devices', { selector: '.ant-tabs-tab-btn, .ant-tabs-tab-btn *' }),
    ).toBeTruthy();
  });
});
