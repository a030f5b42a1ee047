// @vitest-environment jsdom
import type { ReportSingleStation } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { browserOffsetAt } from '../../../../lib/data-time';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import ReportSingleStationPage from './report-single-station-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));
const exportLink = vi.hoisted(() => ({ exportThroughLink: vi.fn(() => Promise.resolve()) }));
vi.mock('../../../../lib/export-link', () => exportLink);

/** 2026-03-01 00:00 Beijing time. */
const D0 = Date.UTC(2026, 1, 28, 16);
const REPORT: ReportSingleStation = {
  deviceId: 7,
  device: { deviceId: 7, deviceName: '莲花山水站', mn: 'MN0007', utcOffsetMinutes: 480 },
  timeUnit: 'day',
  beginTime: D0,
  endTime: D0 + 86_400_000,
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
    },
  ],
  rows: [{ dataTime: D0, values: { w01018: 10 }, audit: {} }],
  auditedCount: 0,
};
const EMPTY: ReportSingleStation = { ...REPORT, factors: [], rows: [] };
const SLOW = { timeout: 15_000 };
/** What follows a station time where the browser's zone is not the station's (UTC+08:00). */
const STATION_ZONE = browserOffsetAt(D0) === 480 ? '' : ' UTC+08:00';

function mockApi(report: ReportSingleStation | Error) {
  api.get.mockImplementation((url: string) => {
    if (url === '/data/report/rest/singleStation')
      return report instanceof Error ? Promise.reject(report) : Promise.resolve(report);
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({ list: [{ id: 7, deviceName: '莲花山水站' }], total: 1, pageNum: 1, pageSize: 200 });
    return Promise.resolve([]);
  });
}

async function search() {
  fireEvent.mouseDown(screen.getAllByRole('combobox')[0] as HTMLElement);
  fireEvent.click(await screen.findByText('莲花山水站', { selector: '.ant-select-item-option-content' }));
  fireEvent.click(button(document.body, i18n.t('common.actions.search')));
}

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  mockApi(REPORT);
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
  exportLink.exportThroughLink.mockClear();
});

describe('ReportSingleStationPage', () => {
  it('asks for a station, then shows the statistics and the periods, and exports them', SLOW, async () => {
    renderWithProviders(<ReportSingleStationPage />);
    expect(screen.getByText('请选择设备后查询')).toBeTruthy();
    await search();
    expect(await screen.findByText('66.67')).toBeTruthy();
    expect(screen.getByText('25.0')).toBeTruthy();
    expect(screen.getAllByText('化学需氧量 (mg/L)').length).toBeGreaterThan(0);
    // On the station's clock, its zone named when the browser's is another (lib/data-time.ts).
    expect(screen.getByText(`2026-03-01${STATION_ZONE}`)).toBeTruthy();
    expect(screen.getByText('MN0007')).toBeTruthy();
    // Nothing audited: no note.
    expect(screen.queryByTestId('report-audited')).toBeNull();
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/report/rest/singleStation') as [
      string,
      { deviceId: number; timeUnit: string; beginTime: number; endTime: number },
    ];
    expect(params.deviceId).toBe(7);
    expect(params.timeUnit).toBe('day');
    // Seven days ending today, in whole Beijing days.
    expect(params.endTime - params.beginTime).toBe(7 * 86_400_000);
    expect((params.beginTime + 8 * 3_600_000) % 86_400_000).toBe(0);
    fireEvent.click(screen.getByTestId('report-export'));
    expect(exportLink.exportThroughLink).toHaveBeenCalledWith('/data/report/rest/singleStation/export', params);
  });

  it('says when it rests on audited data', SLOW, async () => {
    mockApi({ ...REPORT, rows: [{ ...REPORT.rows[0]!, audit: { w01018: 'replaced' } }], auditedCount: 1 });
    renderWithProviders(<ReportSingleStationPage />);
    await search();
    expect((await screen.findByTestId('report-audited')).textContent).toContain('审核数据：其中 1 个数值经过审核');
  });

  it('says when the period has no data, in English', SLOW, async () => {
    await i18n.changeLanguage('en-US');
    mockApi(EMPTY);
    renderWithProviders(<ReportSingleStationPage />);
    await search();
    expect(await screen.findByText('No data in this time range')).toBeTruthy();
  });

  it('shows a failed load with a retry', SLOW, async () => {
    mockApi(new Error('boom'));
    renderWithProviders(<ReportSingleStationPage />);
    await search();
    await waitFor(() => expect(screen.getByText('boom')).toBeTruthy());
    expect(screen.getByText('加载失败')).toBeTruthy();
  });
});
