// @vitest-environment jsdom
import { CHART_PALETTE, type LiveMessage, type RealtimeLatest, type RealtimeRecent } from '@envmon/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import { REALTIME_URLS } from '../../data/api/urls';
import type { PanelLineChartOption } from '../../../../components/chart/unit-panels';
import RealtimeChartPage from './realtime-chart-page';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

const live = vi.hoisted(() => ({ onMessage: null as ((m: LiveMessage) => void) | null, deviceIds: [] as number[] }));
vi.mock('../../../../lib/live', () => ({
  useLiveMessages: (name: string, deviceIds: number[], onMessage: (m: LiveMessage) => void) => {
    if (name === 'realtime-chart') Object.assign(live, { onMessage, deviceIds });
  },
  useLiveConnection: () => 'open',
  liveClient: { onReconnect: () => () => undefined },
}));
vi.mock('../../../../app/session-context', () => ({ useSession: () => ({ user: { deviceCodes: [] } }) }));
vi.mock('../../../../app/providers/preferences', () => ({ usePreferences: () => ({ theme: 'dark' }) }));

/** ECharts needs a canvas jsdom lacks: the chart is replaced by what it was given. */
const drawn = vi.hoisted(() => ({ option: null as PanelLineChartOption | null, theme: '' }));
vi.mock('../../../../components/chart/echart', () => ({
  EChart: ({ option, theme }: { option: PanelLineChartOption; theme: string }) => {
    Object.assign(drawn, { option, theme });
    return <div data-testid="chart-stub" />;
  },
}));

const LATEST: RealtimeLatest = {
  factors: [
    { factorCode: 'w01001', factorName: 'pH值', factorNameEn: 'pH', unit: null, decimals: 2 },
    { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 },
  ],
  devices: [
    {
      deviceId: 1,
      deviceName: '莲花山水站',
      deviceCode: 'MN0001',
      deviceType: '21',
      ifValid: 1,
      projectId: 5,
      addressId: null,
      online: true,
      changedAt: 1,
      utcOffsetMinutes: 480,
      values: [
        { factorCode: 'w01001', value: 7.1, unit: null, flag: 'N', quality: 'N', kind: 'rtd', dataTime: 60_000 },
        { factorCode: 'w01018', value: 20, unit: 'mg/L', flag: 'N', quality: 'N', kind: 'rtd', dataTime: 60_000 },
      ],
    },
  ],
};

const RECENT: RealtimeRecent = {
  deviceId: 1,
  from: 0,
  truncated: false,
  points: [
    { factorCode: 'w01001', dataTime: 0, value: 7, flag: 'N', quality: 'N' },
    { factorCode: 'w01018', dataTime: 0, value: 19, flag: 'N', quality: 'N' },
    { factorCode: 'w01018', dataTime: 60_000, value: 20, flag: 'N', quality: 'N' },
  ],
};

const seriesData = () => (drawn.option?.series as { id: string; data: unknown[] }[]).map((s) => [s.id, s.data.length]);

describe('real-time chart screen', () => {
  beforeAll(() => installAntdShims());
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    api.get.mockReset();
    api.get.mockImplementation((url: string) => {
      if (url === REALTIME_URLS.latest) return Promise.resolve(LATEST);
      if (url === REALTIME_URLS.recent) return Promise.resolve(RECENT);
      return Promise.resolve([{ id: 5, deployName: '水务项目', deployType: 1 }]);
    });
  });
  afterEach(cleanup);

  it("draws the chosen device's factors from the recent values, then extends them live", async () => {
    renderWithProviders(<RealtimeChartPage />);
    expect(await screen.findByText('请在左侧选择设备')).toBeTruthy();
    fireEvent.change(await screen.findByPlaceholderText(i18n.t('device.tree.search')), { target: { value: '莲花' } });
    const node = await waitFor(() => {
      const found = document.querySelector('[data-node-type="secondLevelType"]');
      if (!found) throw new Error('no device node yet');
      return found;
    });
    fireEvent.click(node);

    await screen.findByTestId('chart-stub');
    await waitFor(() =>
      expect(seriesData()).toEqual([
        ['w01001', 1],
        ['w01018', 2],
      ]),
    );
    expect(api.get).toHaveBeenCalledWith(
      REALTIME_URLS.recent,
      { deviceId: 1, factorCodes: 'w01001,w01018', minutes: 60 },
      { quiet: true },
    );
    expect(drawn.theme).toBe('dark');
    expect(drawn.option?.color).toEqual([...CHART_PALETTE]);
    // A readable window opens whole, its newest value in view.
    expect(drawn.option?.dataZoom).toEqual([
      expect.objectContaining({ start: 0, end: 100 }),
      expect.objectContaining({ start: 0, end: 100 }),
    ]);
    expect(drawn.option?.title).toMatchObject({ text: '莲花山水站 实时曲线' });
    expect(live.deviceIds).toEqual([1]);

    act(() =>
      live.onMessage?.({
        type: 'data',
        deviceId: 1,
        deviceCode: 'MN0001',
        kind: 'rtd',
        dataTime: 120_000,
        values: [{ factorCode: 'w01018', value: 21, flag: 'N', quality: 'N' }],
      }),
    );
    await waitFor(() =>
      expect(seriesData()).toEqual([
        ['w01001', 1],
        ['w01018', 3],
      ]),
    );
  });
});
