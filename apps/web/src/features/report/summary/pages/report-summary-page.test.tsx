// @vitest-environment jsdom
import type { SummaryReport } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import ReportSummaryPage, { toSummaryParams } from './report-summary-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const ROW = {
  deviceId: 7,
  deviceName: '莲花山水站',
  deviceCode: 'MN0001',
  factorCode: 'w01018',
  factorName: '化学需氧量',
  factorNameEn: 'COD',
  unit: 'mg/L',
  decimals: 1,
  avg: 30.04,
  min: 9,
  max: 51,
  count: 5,
  valid: 4,
  exceedances: 2,
  compliance: 0.5,
  expected: 31,
  completeness: 5 / 31,
};
const REPORT: SummaryReport = {
  timeUnit: 'month',
  period: '2026-03',
  projectName: '东江项目',
  projectNameEn: 'Dongjiang',
  rows: [ROW],
  auditedCount: 0,
};
const SLOW = { timeout: 15_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  localStorage.setItem('projectId', '5');
  api.get.mockImplementation((url: string) =>
    Promise.resolve(url === '/data/report/rest/summary' ? REPORT : { list: [], total: 0, pageNum: 1, pageSize: 1 }),
  );
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
  localStorage.clear();
});

describe('ReportSummaryPage', () => {
  it('asks for this month of the chosen project and shows the table under its title', SLOW, async () => {
    renderWithProviders(<ReportSummaryPage />);
    fireEvent.click(screen.getByTestId('summary-search'));
    expect(await screen.findByTestId('summary-title')).toBeTruthy();
    expect(screen.getByTestId('summary-title').textContent).toBe('东江项目 月报 2026-03');
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/report/rest/summary') as [string, object];
    expect(params).toEqual({ timeUnit: 'month', date: dayjs().startOf('month').format('YYYY-MM-DD'), projectId: 5 });
    const table = screen.getByTestId('summary-rows').textContent ?? '';
    // Average at the factor's one decimal, compliance 50.00 %, completeness 5/31 = 16.13 %.
    for (const text of ['化学需氧量', 'mg/L', '30.0', '50.00', '16.13']) expect(table).toContain(text);
  });

  it('names the project and factor in English', SLOW, async () => {
    await i18n.changeLanguage('en-US');
    renderWithProviders(<ReportSummaryPage />);
    fireEvent.click(screen.getByTestId('summary-search'));
    await waitFor(() => expect(screen.getByTestId('summary-title').textContent).toBe('Dongjiang Monthly 2026-03'));
    expect(screen.getByTestId('summary-rows').textContent).toContain('COD');
  });

  it('sends the first day of the month or year chosen', () => {
    expect(toSummaryParams({ timeUnit: 'year', date: dayjs('2026-07-15') })).toMatchObject({ date: '2026-01-01' });
    expect(toSummaryParams({ timeUnit: 'month', date: dayjs('2026-07-15') })).toMatchObject({ date: '2026-07-01' });
    expect(toSummaryParams({ timeUnit: 'day', date: dayjs('2026-07-15') })).toMatchObject({ date: '2026-07-15' });
  });
});
