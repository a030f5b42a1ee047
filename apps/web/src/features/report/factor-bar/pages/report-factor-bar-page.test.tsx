// @vitest-environment jsdom
import type { ReportStandardReport } from '@envmon/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import ReportFactorBarPage from './report-factor-bar-page';

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

const REPORT: ReportStandardReport = {
  auditedCount: 0,
  device: { deviceId: 7, deviceName: '莲花山水站', mn: 'MN0007', utcOffsetMinutes: 480 },
  timeUnit: 'day',
  beginTime: 0,
  endTime: 86_400_000,
  standard: 'threshold',
  waterClass: 3,
  factors: [
    {
      factorCode: 'w01018',
      factorName: '化学需氧量',
      factorNameEn: 'COD',
      unit: 'mg/L',
      decimals: 1,
      avg: 25,
      min: 9,
      max: 41,
      count: 4,
      valid: 3,
      exceedances: 1,
      compliance: 2 / 3,
      limit: { direction: 'upper', limit1: 30, limit2: null },
      ratio: 25 / 30,
      exceeded: false,
    },
    {
      factorCode: 'w01001',
      factorName: 'pH值',
      factorNameEn: 'pH',
      unit: null,
      decimals: 2,
      avg: 7.5,
      min: 7,
      max: 8,
      count: 4,
      valid: 4,
      exceedances: 0,
      compliance: 1,
      limit: { direction: 'range', limit1: 6, limit2: 9 },
      ratio: 0,
      exceeded: false,
    },
  ],
};
const SLOW = { timeout: 15_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  api.get.mockImplementation((url: string) => {
    if (url === '/data/report/rest/factorBar') return Promise.resolve(REPORT);
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({ list: [{ id: 7, deviceName: '莲花山水站' }], total: 1, pageNum: 1, pageSize: 200 });
    return Promise.resolve([]);
  });
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
});

describe('ReportFactorBarPage', () => {
  it('sets each factor’s average beside its standard limit, in English', SLOW, async () => {
    renderWithProviders(<ReportFactorBarPage />);
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0] as HTMLElement);
    fireEvent.click(await screen.findByText('莲花山水站', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(document.body, 'Search'));
    expect(await screen.findByText('≤ 30')).toBeTruthy();
    expect(screen.getByText('83.33')).toBeTruthy();
    expect(screen.getAllByText('No').length).toBeGreaterThan(0);
    const option = drawn.option as {
      xAxis: { data: string[] }[];
      yAxis: { name: string }[];
      series: { name: string; data: unknown[]; yAxisIndex: number }[];
    };
    expect(drawn.theme).toBe('light');
    // A panel per unit: COD against mg/L, the unitless pH against a scale named by what it measures.
    expect(option.yAxis.map((a) => a.name)).toEqual(['mg/L', 'pH']);
    expect(option.xAxis.map((a) => a.data)).toEqual([['COD (mg/L)'], ['pH']]);
    // The range standard draws its upper end.
    expect(option.series.map((s) => [s.name, s.yAxisIndex, s.data])).toEqual([
      ['Average', 0, [25]],
      ['Standard limit', 0, [30]],
      ['Average', 1, [7.5]],
      ['Standard limit', 1, [9]],
    ]);
  });
});
