// @vitest-environment jsdom
import type { Device, Factor, HistoryChart, HistoryFactor, HistoryTable, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import { HISTORY_URLS } from '../api/history-api';
import type { PanelLineChartOption } from '../../../../components/chart/unit-panels';
import QueryHistoryPage from './query-history-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));
vi.mock('../../../../app/providers/preferences', () => ({ usePreferences: () => ({ theme: 'dark' }) }));
const exported = vi.hoisted(() => ({ calls: [] as [string, unknown][] }));
vi.mock('../../../../lib/export-link', () => ({
  exportThroughLink: (url: string, filters: unknown) => {
    exported.calls.push([url, filters]);
    return Promise.resolve();
  },
}));

/** ECharts needs a canvas jsdom lacks: the chart is replaced by what it was given. */
const drawn = vi.hoisted(() => ({ option: null as PanelLineChartOption | null, theme: '' }));
vi.mock('../../../../components/chart/echart', () => ({
  EChart: ({ option, theme }: { option: PanelLineChartOption; theme: string }) => {
    Object.assign(drawn, { option, theme });
    return <div data-testid="chart-stub" />;
  },
}));

const device = (id: number, deviceName: string, deviceCode: string) => ({ id, deviceName, deviceCode }) as Device;
const DEVICES: Page<Device> = {
  list: [device(7, '莲花山水站', 'MN0007'), device(8, '梧桐山水站', 'MN0008')],
  total: 2,
  pageNum: 1,
  pageSize: 1000,
};
const factor = (factorCode: string, factorName: string, factorNameEn: string) =>
  ({ factorCode, factorName, factorNameEn, unit: 'mg/L', decimals: 1 }) as Factor;
const FACTORS = [factor('w01018', '化学需氧量', 'COD'), factor('w21003', '氨氮', 'Ammonia nitrogen')];
const HISTORY_FACTORS: HistoryFactor[] = [
  { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 },
  { factorCode: 'w21003', factorName: '氨氮', factorNameEn: 'Ammonia nitrogen', unit: 'mg/L', decimals: 2 },
];
// 08:00 on the station's clock (UTC+8), whatever zone the test runs in.
const T0 = Date.UTC(2026, 2, 1, 0);
const TABLE: HistoryTable = {
  timeUnit: 'hour',
  factors: HISTORY_FACTORS,
  list: [
    {
      deviceId: 7,
      deviceName: '莲花山水站',
      deviceCode: 'MN0007',
      dataTime: T0,
      utcOffsetMinutes: 480,
      values: {
        w01018: { value: 12.34, flag: 'N', quality: 'N' },
        w21003: { value: 0.5, flag: 'D', quality: 'N' },
      },
    },
  ],
  total: 45,
  pageNum: 1,
  pageSize: 20,
};
const CHART: HistoryChart = {
  timeUnit: 'hour',
  maxPoints: 2000,
  factors: HISTORY_FACTORS,
  series: [
    {
      deviceId: 7,
      deviceName: '莲花山水站',
      deviceCode: 'MN0007',
      factorCode: 'w01018',
      total: 3000,
      points: [[T0, 12.34]],
    },
    {
      deviceId: 7,
      deviceName: '莲花山水站',
      deviceCode: 'MN0007',
      factorCode: 'w21003',
      total: 1,
      points: [[T0, 0.5]],
    },
  ],
};
const SLOW = { timeout: 15_000 };

function answer(overrides: Partial<Record<string, unknown>> = {}) {
  api.get.mockImplementation((url: string) => {
    if (url in overrides) {
      const value = overrides[url];
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    }
    if (url === HISTORY_URLS.devices) return Promise.resolve(DEVICES);
    if (url === HISTORY_URLS.factors) return Promise.resolve(FACTORS);
    if (url === HISTORY_URLS.table) return Promise.resolve(TABLE);
    if (url === HISTORY_URLS.chart) return Promise.resolve(CHART);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  exported.calls = [];
  answer();
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
});

describe('QueryHistoryPage', () => {
  it('searches the first device and its factors at once: chart lines, flag-coloured table, paging', SLOW, async () => {
    renderWithProviders(<QueryHistoryPage />);
    expect(await screen.findByText('12.3')).toBeTruthy();
    // The second factor has two decimals and station flag D: coloured, flag in its tooltip.
    const flagged = screen.getByTestId('flagged-value');
    expect(flagged.textContent).toBe('0.50');
    expect(flagged.className).toContain('danger');
    fireEvent.mouseEnter(flagged);
    expect(await screen.findByText('站点标记: D 仪器故障; 平台标记: N 正常')).toBeTruthy();
    // Columns: device name, MN, data time, a factor per column with its unit.
    for (const header of ['设备名称', 'MN', '数据时间', '化学需氧量 (mg/L)', '氨氮 (mg/L)']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    // The station's time, its zone named when the test's zone is another.
    expect(screen.getByText(/^2026-03-01 08:00( UTC\+08:00)?$/)).toBeTruthy();
    expect(screen.getByText('共 45 条')).toBeTruthy();
    const [, params] = api.get.mock.calls.find(([url]) => url === HISTORY_URLS.table) as [
      string,
      { deviceIds: number[]; factorCodes: string[]; timeUnit: string; pageNum: number },
    ];
    expect(params).toMatchObject({ deviceIds: [7], factorCodes: ['w01018', 'w21003'], timeUnit: 'hour', pageNum: 1 });
    expect(api.get).toHaveBeenCalledWith(HISTORY_URLS.factors, { deviceCodes: 'MN0007' });
    // The chart: a line per device × factor, in the theme, opening on the whole range; downsampling is said.
    expect(drawn.theme).toBe('dark');
    expect((drawn.option?.series as { name: string }[]).map((s) => s.name)).toEqual([
      '莲花山水站 · 化学需氧量',
      '莲花山水站 · 氨氮',
    ]);
    expect(drawn.option?.dataZoom).toMatchObject([
      { start: 0, end: 100 },
      { start: 0, end: 100 },
    ]);
    expect(screen.getByText(/每条曲线最多2000个点/)).toBeTruthy();
    // Page 2 asks the server for it.
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(HISTORY_URLS.table, expect.objectContaining({ pageNum: 2 })),
    );
  });

  it(
    'switches to audited values at once: table and chart asked again with audited, an audited value says so',
    SLOW,
    async () => {
      renderWithProviders(<QueryHistoryPage />);
      expect(await screen.findByText('12.3')).toBeTruthy();
      const [, raw] = api.get.mock.calls.find(([url]) => url === HISTORY_URLS.table) as [string, { audited?: boolean }];
      expect(raw.audited).toBeUndefined();
      answer({
        [HISTORY_URLS.table]: {
          ...TABLE,
          list: TABLE.list.map((row) => ({
            ...row,
            values: { ...row.values, w01018: { value: 15, flag: 'N', quality: 'N', auditState: 'replaced' } },
          })),
        },
      });
      fireEvent.click(screen.getByText('审核后数据'));
      await waitFor(() =>
        expect(api.get).toHaveBeenCalledWith(HISTORY_URLS.table, expect.objectContaining({ audited: true })),
      );
      expect(api.get).toHaveBeenCalledWith(HISTORY_URLS.chart, expect.objectContaining({ audited: true }));
      const audited = (await screen.findAllByTestId('audited-value'))[0] as HTMLElement;
      expect(audited.textContent).toBe('15.0');
      fireEvent.mouseEnter(audited);
      expect(await screen.findByText(/审核状态: 已替换/)).toBeTruthy();
    },
  );

  it('exports the searched filter through the ticket link', SLOW, async () => {
    renderWithProviders(<QueryHistoryPage />);
    await screen.findByText('12.3');
    fireEvent.click(screen.getByTestId('history-export'));
    await waitFor(() => expect(exported.calls.length).toBe(1));
    const [url, filters] = exported.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe(HISTORY_URLS.export);
    expect(filters).toMatchObject({ deviceIds: [7], factorCodes: ['w01018', 'w21003'], timeUnit: 'hour' });
  });

  it('refuses to search without factors, and searches the new choice on Search', SLOW, async () => {
    renderWithProviders(<QueryHistoryPage />);
    await screen.findByText('12.3');
    const option = (text: string) => screen.findByText(text, { selector: '.ant-select-item-option-content' });
    // Both default factors taken off (a chosen option clicked again leaves the choice).
    fireEvent.mouseDown(screen.getByTestId('history-factors').querySelector('input') as HTMLInputElement);
    fireEvent.click(await option('化学需氧量 (w01018)'));
    fireEvent.click(await option('氨氮 (w21003)'));
    fireEvent.click(screen.getByTestId('history-search'));
    expect(await screen.findByText('请至少选择一个监测因子！')).toBeTruthy();
    const tableCalls = () => api.get.mock.calls.filter(([url]) => url === HISTORY_URLS.table).length;
    const before = tableCalls();
    // One factor back, then Search asks again.
    fireEvent.click(await option('氨氮 (w21003)'));
    fireEvent.click(screen.getByTestId('history-search'));
    await waitFor(() => expect(tableCalls()).toBeGreaterThan(before));
    expect(api.get).toHaveBeenCalledWith(
      HISTORY_URLS.chart,
      expect.objectContaining({ deviceIds: [7], factorCodes: ['w21003'], timeUnit: 'hour' }),
    );
    expect(screen.queryByText('请至少选择一个监测因子！')).toBeNull();
  });

  it('says so when the range holds nothing, in English too', SLOW, async () => {
    await i18n.changeLanguage('en-US');
    answer({
      [HISTORY_URLS.table]: { ...TABLE, list: [], total: 0 },
      [HISTORY_URLS.chart]: { ...CHART, series: [{ ...CHART.series[0], total: 0, points: [] }] },
    });
    renderWithProviders(<QueryHistoryPage />);
    expect(await screen.findByText('No data in this time range')).toBeTruthy();
    expect(screen.getByText('No values to draw')).toBeTruthy();
  });

  it('shows a failed load with a retry', SLOW, async () => {
    answer({ [HISTORY_URLS.table]: new Error('boom') });
    renderWithProviders(<QueryHistoryPage />);
    expect(await screen.findByText('boom')).toBeTruthy();
    expect(screen.getByText('加载失败')).toBeTruthy();
  });

  it('says when the project has no devices', SLOW, async () => {
    answer({ [HISTORY_URLS.devices]: { ...DEVICES, list: [], total: 0 } });
    renderWithProviders(<QueryHistoryPage />);
    expect(await screen.findByText('当前项目下没有可查询的设备')).toBeTruthy();
    expect(api.get).not.toHaveBeenCalledWith(HISTORY_URLS.table, expect.anything());
  });
});
