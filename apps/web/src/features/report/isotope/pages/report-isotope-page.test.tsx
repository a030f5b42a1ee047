// @vitest-environment jsdom
import type { IsotopeReport } from '@envmon/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import ReportIsotopePage, { toIsotopeParams } from './report-isotope-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const TRITIUM = { factorCode: 'ISO1', factorName: '氚', factorNameEn: 'Tritium', unit: 'Bq/L', decimals: 3 };
const REPORT: IsotopeReport = {
  factors: [TRITIUM],
  rows: [
    {
      deviceId: 7,
      deviceName: '莲花山水站',
      deviceCode: 'MN0001',
      ...TRITIUM,
      avg: 2,
      min: 1,
      max: 3,
      count: 3,
      valid: 3,
    },
  ],
};
const SLOW = { timeout: 15_000 };

const answer = (report: IsotopeReport) =>
  api.get.mockImplementation((url: string) =>
    Promise.resolve(url === '/data/report/rest/isotope' ? report : { list: [], total: 0, pageNum: 1, pageSize: 1 }),
  );

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
});

describe('ReportIsotopePage', () => {
  it('lists each station × isotope factor at the factor decimals', SLOW, async () => {
    answer(REPORT);
    renderWithProviders(<ReportIsotopePage />);
    fireEvent.click(screen.getByTestId('isotope-search'));
    expect(await screen.findByTestId('isotope-rows')).toBeTruthy();
    const table = screen.getByTestId('isotope-rows').textContent ?? '';
    for (const text of ['莲花山水站', 'MN0001', '氚', 'Bq/L', '2.000', '1.000', '3.000']) expect(table).toContain(text);
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/report/rest/isotope') as [string, object];
    expect(params).toMatchObject({ timeUnit: 'day', endTime: dayjs().startOf('day').add(1, 'day').valueOf() });
  });

  it('explains how to configure isotope factors when none is', SLOW, async () => {
    answer({ factors: [], rows: [] });
    renderWithProviders(<ReportIsotopePage />);
    fireEvent.click(screen.getByTestId('isotope-search'));
    expect((await screen.findByTestId('isotope-no-factors')).textContent).toContain('尚未配置同位素因子');
  });

  it('says there is no data when factors are configured but sent nothing', SLOW, async () => {
    answer({ factors: [TRITIUM], rows: [] });
    renderWithProviders(<ReportIsotopePage />);
    fireEvent.click(screen.getByTestId('isotope-search'));
    expect(await screen.findByTestId('report-empty')).toBeTruthy();
  });

  it('reads whole days', () => {
    const params = toIsotopeParams({ timeUnit: 'hour', range: [dayjs('2026-03-01 10:00'), dayjs('2026-03-02 08:00')] });
    expect(params.beginTime).toBe(dayjs('2026-03-01').valueOf());
    expect(params.endTime).toBe(dayjs('2026-03-03').valueOf());
  });
});
