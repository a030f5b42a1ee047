// @vitest-environment jsdom
import type { ReportMultiStation, ReportStats } from '@envmon/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import ReportMultiStationPage from './report-multi-station-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));
vi.mock('../../../../app/providers/preferences', () => ({ usePreferences: () => ({ theme: 'dark' }) }));
/** ECharts needs a canvas jsdom lacks: the chart is replaced by what it was given. */
const drawn = vi.hoisted(() => ({ option: null as object | null, theme: '' }));
vi.mock('../../../../components/chart/echart', () => ({
  EChart: ({ option, theme }: { option: unknown; theme: string }) => {
    Object.assign(drawn, { option, theme });
    return <div data-testid="chart-stub" />;
  },
}));

const stats = (avg: number): ReportStats => ({
  avg,
  min: avg - 1,
  max: avg + 1,
  count: 2,
  valid: 2,
  exceedances: 0,
  compliance: 1,
});
const REPORT: ReportMultiStation = {
  timeUnit: 'day',
  beginTime: 0,
  endTime: 86_400_000,
  factors: [{ factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 }],
  auditedCount: 0,
  stations: [
    {
      device: { deviceId: 7, deviceName: '莲花山水站', mn: 'MN0007', utcOffsetMinutes: 480 },
      values: { w01018: stats(25) },
    },
    { device: { deviceId: 8, deviceName: '罗湖口岸站', mn: 'MN0008', utcOffsetMinutes: 480 }, values: {} },
  ],
};
const SLOW = { timeout: 15_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === '/data/report/rest/multiStation') return Promise.resolve(REPORT);
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({
        list: [
          { id: 7, deviceName: '莲花山水站' },
          { id: 8, deviceName: '罗湖口岸站' },
        ],
        total: 2,
        pageNum: 1,
        pageSize: 200,
      });
    return Promise.resolve([]);
  });
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
});

describe('ReportMultiStationPage', () => {
  it('compares the chosen stations in a grouped bar chart and a table', SLOW, async () => {
    renderWithProviders(<ReportMultiStationPage />);
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0] as HTMLElement);
    fireEvent.click(await screen.findByText('莲花山水站', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(await screen.findByText('罗湖口岸站', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(document.body, '查询'));
    expect(await screen.findByText('25.0')).toBeTruthy();
    expect(screen.getByText('24.0')).toBeTruthy();
    expect(screen.getByText('MN0008')).toBeTruthy();
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/report/rest/multiStation') as [
      string,
      { deviceIds: number[]; factorCodes: string[] },
    ];
    expect(params.deviceIds).toEqual([7, 8]);
    expect(params.factorCodes).toEqual([]);
    // One bar series per factor, one category per station, a panel per unit; a station without the factor has no bar.
    const option = drawn.option as {
      xAxis: { data: string[] }[];
      yAxis: { name: string }[];
      series: { type: string; name: string; data: unknown[] }[];
    };
    expect(drawn.theme).toBe('dark');
    expect(option.xAxis.map((a) => a.data)).toEqual([['莲花山水站', '罗湖口岸站']]);
    expect(option.yAxis.map((a) => a.name)).toEqual(['mg/L']);
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'bar', name: '化学需氧量 (mg/L)', data: [25, null] }),
    ]);
  });
});
