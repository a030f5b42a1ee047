// @vitest-environment jsdom
import type { ReportContrast, ReportStats } from '@envmon/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { browserOffsetAt } from '../../../../lib/data-time';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import ReportContrastPage from './report-contrast-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));
vi.mock('../../../../app/providers/preferences', () => ({ usePreferences: () => ({ theme: 'light' }) }));
const drawn = vi.hoisted(() => ({ option: null as object | null, theme: '' }));
vi.mock('../../../../components/chart/echart', () => ({
  EChart: ({ option, theme }: { option: unknown; theme: string }) => {
    Object.assign(drawn, { option, theme });
    return <div data-testid="chart-stub" />;
  },
}));

const DAY = 86_400_000;
/** 2026-03-01 00:00 Beijing time. */
const D0 = Date.UTC(2026, 1, 28, 16);
const stats = (avg: number): ReportStats => ({
  avg,
  min: avg,
  max: avg,
  count: 1,
  valid: 1,
  exceedances: 0,
  compliance: 1,
});
const DEVICE = { deviceId: 7, deviceName: '莲花山水站', mn: 'MN0007', utcOffsetMinutes: 480 };
const REPORT: ReportContrast = {
  auditedCount: 0,
  mode: 'periods',
  timeUnit: 'day',
  beginTime: D0,
  endTime: D0 + 3 * DAY,
  factor: { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 },
  series: [
    { key: 'current', device: DEVICE, period: 'current', beginTime: D0, endTime: D0 + 3 * DAY, stats: stats(20) },
    { key: 'previous', device: DEVICE, period: 'previous', beginTime: D0 - 3 * DAY, endTime: D0, stats: stats(45) },
  ],
  rows: [
    { slot: 0, dataTime: D0, values: { current: 10, previous: 40 } },
    { slot: 2, dataTime: D0 + 2 * DAY, values: { current: 30, previous: 50 } },
  ],
};
const SLOW = { timeout: 15_000 };
/** What follows a station time where the browser's zone is not the station's (UTC+08:00). */
const STATION_ZONE = browserOffsetAt(D0) === 480 ? '' : ' UTC+08:00';

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === '/data/report/rest/contrast') return Promise.resolve(REPORT);
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({ list: [{ id: 7, deviceName: '莲花山水站' }], total: 1, pageNum: 1, pageSize: 200 });
    if (url === '/manager/settings/factor/rest/getAll')
      return Promise.resolve([{ factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD' }]);
    return Promise.resolve([]);
  });
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
});

describe('ReportContrastPage', () => {
  it('compares one station with its previous period: lines, change and values', SLOW, async () => {
    renderWithProviders(<ReportContrastPage />);
    fireEvent.click(screen.getByText('时段对比'));
    const [device, factor] = screen.getAllByRole('combobox');
    fireEvent.mouseDown(device as HTMLElement);
    fireEvent.click(await screen.findByText('莲花山水站', { selector: '.ant-select-item-option-content' }));
    fireEvent.mouseDown(factor as HTMLElement);
    fireEvent.click(await screen.findByText('化学需氧量 (w01018)', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(document.body, '查询'));
    // Change of this period against the previous one: (20 − 45) / 45 = −55.56 %.
    expect(await screen.findByText('-55.56')).toBeTruthy();
    expect(screen.getAllByText('上期').length).toBeGreaterThan(0);
    // On the station's clock, its zone named when the browser's is another (lib/data-time.ts).
    expect(screen.getByText(`2026-03-03${STATION_ZONE}`)).toBeTruthy();
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/report/rest/contrast') as [
      string,
      { mode: string; deviceIds: number[]; factorCode: string },
    ];
    expect(params).toMatchObject({ mode: 'periods', deviceIds: [7], factorCode: 'w01018' });
    const option = drawn.option as { xAxis: { data: string[] }; series: { name: string; data: unknown[] }[] };
    expect(drawn.theme).toBe('light');
    expect(option.xAxis.data).toEqual(['2026-03-01', '2026-03-03']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['本期', [10, 30]],
      ['上期', [40, 50]],
    ]);
  });
});
