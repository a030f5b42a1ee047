// @vitest-environment jsdom
import type { ReportStandardFactor, ReportStandardReport } from '@envmon/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import ReportRadarPage from './report-radar-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));
vi.mock('../../../../app/providers/preferences', () => ({ usePreferences: () => ({ theme: 'dark' }) }));
const drawn = vi.hoisted(() => ({ option: null as object | null, theme: '' }));
vi.mock('../../../../components/chart/echart', () => ({
  EChart: ({ option, theme }: { option: unknown; theme: string }) => {
    Object.assign(drawn, { option, theme });
    return <div data-testid="chart-stub" />;
  },
}));

const factor = (code: string, zh: string, extra: Partial<ReportStandardFactor>): ReportStandardFactor => ({
  factorCode: code,
  factorName: zh,
  factorNameEn: code,
  unit: 'mg/L',
  decimals: 1,
  avg: 4,
  min: 2,
  max: 6,
  count: 2,
  valid: 2,
  exceedances: 0,
  compliance: 1,
  limit: null,
  ratio: null,
  exceeded: null,
  ...extra,
});
const REPORT: ReportStandardReport = {
  auditedCount: 0,
  device: { deviceId: 7, deviceName: '莲花山水站', mn: 'MN0007', utcOffsetMinutes: 480 },
  timeUnit: 'day',
  beginTime: 0,
  endTime: 86_400_000,
  standard: 'waterClass',
  waterClass: 3,
  factors: [
    factor('w01018', '化学需氧量', {
      avg: 25,
      limit: { direction: 'upper', limit1: 20, limit2: null },
      ratio: 1.25,
      exceeded: true,
    }),
    factor('w01009', '溶解氧', { limit: { direction: 'lower', limit1: 5, limit2: null }, ratio: 1.25, exceeded: true }),
    factor('w01001', 'pH值', {
      unit: null,
      avg: 7.5,
      limit: { direction: 'range', limit1: 6, limit2: 9 },
      ratio: 0,
      exceeded: false,
    }),
    factor('w01010', '水温', { unit: '℃' }),
  ],
};
const SLOW = { timeout: 15_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === '/data/report/rest/radar') return Promise.resolve(REPORT);
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({ list: [{ id: 7, deviceName: '莲花山水站' }], total: 1, pageNum: 1, pageSize: 200 });
    return Promise.resolve([]);
  });
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
});

describe('ReportRadarPage', () => {
  it('draws each factor relative to its standard, with the standard as the 100 % ring', SLOW, async () => {
    renderWithProviders(<ReportRadarPage />);
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0] as HTMLElement);
    fireEvent.click(await screen.findByText('莲花山水站', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(document.body, '查询'));
    expect(await screen.findByText('≤ 20')).toBeTruthy();
    expect(screen.getByText('≥ 5')).toBeTruthy();
    expect(screen.getByText('6–9')).toBeTruthy();
    expect(screen.getByText('无标准')).toBeTruthy();
    expect(screen.getAllByText('125.00')).toHaveLength(2);
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/report/rest/radar') as [
      string,
      { deviceId: number; standard: string; waterClass: number },
    ];
    expect(params).toMatchObject({ deviceId: 7, standard: 'threshold', waterClass: 3 });
    const option = drawn.option as {
      radar: { indicator: { name: string; max: number }[] };
      series: { data: { name: string; value: number[] }[] }[];
    };
    expect(drawn.theme).toBe('dark');
    // Water temperature has no standard: no axis. The largest ratio (125 %) fits under the 150 % edge.
    expect(option.radar.indicator).toEqual([
      { name: '化学需氧量', max: 150 },
      { name: '溶解氧', max: 150 },
      { name: 'pH值', max: 150 },
    ]);
    expect(option.series[0]?.data.map((d) => [d.name, d.value])).toEqual([
      ['占标率', [125, 125, 0]],
      ['标准限值 (100%)', [100, 100, 100]],
    ]);
  });
});
