// @vitest-environment jsdom
import type { TransmissionReport } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import ReportTransmissionPage, { rangeFits } from './report-transmission-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const REPORT: TransmissionReport = {
  timeUnit: 'hour',
  threshold: 90,
  devices: [
    {
      deviceId: 7,
      deviceName: '莲花山水站',
      deviceCode: 'MN0001',
      expected: 48,
      received: 44,
      valid: 42,
      transmissionRate: 44 / 48,
      validRate: 42 / 44,
      daysBelow: 1,
    },
  ],
  days: [
    {
      deviceId: 7,
      date: '2026-03-01',
      expected: 24,
      received: 20,
      valid: 18,
      transmissionRate: 20 / 24,
      validRate: 0.9,
      below: true,
    },
    {
      deviceId: 7,
      date: '2026-03-02',
      expected: 24,
      received: 24,
      valid: 24,
      transmissionRate: 1,
      validRate: 1,
      below: false,
    },
  ],
};
const SLOW = { timeout: 15_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  localStorage.setItem('projectId', '5');
  api.get.mockImplementation((url: string) => {
    if (url === '/data/report/rest/transmission') return Promise.resolve(REPORT);
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({ list: [{ id: 7, deviceName: '莲花山水站' }], total: 1, pageNum: 1, pageSize: 1000 });
    return Promise.resolve([]);
  });
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
  localStorage.clear();
});

describe('ReportTransmissionPage', () => {
  it('searches the month so far in the chosen project and marks the days below the threshold', SLOW, async () => {
    renderWithProviders(<ReportTransmissionPage />);
    expect(api.get.mock.calls.some(([url]) => url === '/data/report/rest/transmission')).toBe(false);
    fireEvent.click(screen.getByTestId('transmission-search'));
    expect(await screen.findByText('2026-03-01')).toBeTruthy();
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/report/rest/transmission') as [string, object];
    expect(params).toEqual({
      beginDate: dayjs().startOf('month').format('YYYY-MM-DD'),
      endDate: dayjs().format('YYYY-MM-DD'),
      timeUnit: 'hour',
      threshold: 90,
      projectId: 5,
    });
    const days = screen.getByTestId('transmission-days');
    const below = days.querySelectorAll('tr.transmission-below');
    expect(below).toHaveLength(1);
    // 20/24 = 83.33 %, 18/20 = 90.00 %.
    expect(below[0]?.textContent).toContain('83.33');
    expect(below[0]?.textContent).toContain('90.00');
    expect(screen.getByTestId('transmission-devices').textContent).toContain('91.67');
  });

  it('exports what it shows through the ticketed link', SLOW, async () => {
    const open = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    api.get.mockImplementation((url: string) => {
      if (url === '/data/report/rest/transmission') return Promise.resolve(REPORT);
      if (url === '/data/report/rest/transmission/export') return Promise.resolve({ url: '/file?ticket=x' });
      return Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 1000 });
    });
    renderWithProviders(<ReportTransmissionPage />);
    fireEvent.click(screen.getByTestId('transmission-search'));
    await screen.findByText('2026-03-01');
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(open).toHaveBeenCalled());
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/report/rest/transmission/export') as [
      string,
      Record<string, unknown>,
    ];
    expect(params).toMatchObject({ exportSpecialFlag: 1, timeUnit: 'hour', threshold: 90, projectId: 5 });
    open.mockRestore();
  });

  it('allows at most 31 days', () => {
    expect(rangeFits([dayjs('2026-03-01'), dayjs('2026-03-31')])).toBe(true);
    expect(rangeFits([dayjs('2026-03-01'), dayjs('2026-04-01')])).toBe(false);
    expect(rangeFits([dayjs('2026-03-02'), dayjs('2026-03-01')])).toBe(false);
  });
});
