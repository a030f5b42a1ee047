// @vitest-environment jsdom
import type { GatherResult } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import type { gatherChartOption } from '../utils/gather-view';
import QueryGatherPage from './query-gather-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));
vi.mock('../../../../app/providers/preferences', () => ({ usePreferences: () => ({ theme: 'dark' }) }));
type GatherOption = ReturnType<typeof gatherChartOption>['option'];
const drawn = vi.hoisted(() => ({ option: null as GatherOption | null, theme: '' }));
vi.mock('../../../../components/chart/echart', () => ({
  EChart: ({ option, theme }: { option: GatherOption; theme: string }) => {
    Object.assign(drawn, { option, theme });
    return <div data-testid="chart-stub" />;
  },
}));

// 1 March 2026 08:00 on the stations' clock (UTC+08:00).
const T0 = Date.UTC(2026, 2, 1, 0);
const RESULT: GatherResult = {
  timeUnit: 'hour',
  utcOffsetMinutes: 480,
  deviceCount: 3,
  factors: [{ factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 }],
  rows: [
    { dataTime: T0, factorCode: 'w01018', avg: 15.04, min: 10, max: 20, devices: 2 },
    { dataTime: T0 + 3_600_000, factorCode: 'w01018', avg: 20, min: 12, max: 30, devices: 3 },
  ],
};
const SLOW = { timeout: 30_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  localStorage.setItem('projectId', '5');
  api.get.mockImplementation((url: string) => {
    if (url === '/data/gather/rest/get') return Promise.resolve(RESULT);
    if (url.endsWith('/classify/rest/findAll'))
      return Promise.resolve([
        { id: 5, deployName: '东江项目', deployNameEn: 'East River', deployType: 1, createTime: 0 },
      ]);
    return Promise.resolve([]);
  });
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
  localStorage.clear();
});

describe('QueryGatherPage', () => {
  it('asks for a group, then shows the chosen project’s aggregates per hour in a chart and a table', SLOW, async () => {
    renderWithProviders(<QueryGatherPage />);
    expect(screen.getByText('请选择分组后查询')).toBeTruthy();
    expect(api.get.mock.calls.some(([url]) => url === '/data/gather/rest/get')).toBe(false);
    fireEvent.click(screen.getByTestId('gather-search'));
    // 15.04 to the factor's one decimal.
    expect(await screen.findByText('15.0')).toBeTruthy();
    expect(screen.getByText('分组内设备 3 台')).toBeTruthy();
    // The period on the stations' clock, as the export writes it (the zone named when the browser's differs).
    expect(screen.getAllByText(/^2026-03-01 08:00( UTC\+08:00)?$/)).toHaveLength(1);
    expect(screen.getAllByText('化学需氧量 (mg/L)').length).toBeGreaterThan(0);
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/gather/rest/get') as [
      string,
      Record<string, unknown>,
    ];
    expect(params).toMatchObject({ projectId: 5, groupType: 'project', groupId: 5, timeUnit: 'hour' });
    // The chart rounds to the factor's decimals too: 15.04 → 15.0.
    await waitFor(() => expect(drawn.option?.series[0]?.data).toEqual([15, 20]));
    expect(drawn.theme).toBe('dark');
  });

  it('shows the empty state and the error state', SLOW, async () => {
    api.get.mockImplementation((url: string) => {
      if (url === '/data/gather/rest/get') return Promise.resolve({ ...RESULT, rows: [], factors: [] });
      return Promise.resolve([]);
    });
    renderWithProviders(<QueryGatherPage />);
    fireEvent.click(screen.getByTestId('gather-search'));
    expect(await screen.findByText('该时间范围内没有汇总数据')).toBeTruthy();
    cleanup();
    api.get.mockImplementation((url: string) =>
      url === '/data/gather/rest/get' ? Promise.reject(new Error('boom')) : Promise.resolve([]),
    );
    renderWithProviders(<QueryGatherPage />);
    fireEvent.click(screen.getByTestId('gather-search'));
    expect(await screen.findByText('boom')).toBeTruthy();
  });
});
