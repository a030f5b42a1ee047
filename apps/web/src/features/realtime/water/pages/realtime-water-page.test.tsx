// @vitest-environment jsdom
import type { LiveMessage, RealtimeWater } from '@envmon/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { ApiError } from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import type { SparklineOption } from '../utils/sparkline-option';
import RealtimeWaterPage from './realtime-water-page';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

const live = vi.hoisted(() => ({
  listeners: new Map<string, { deviceIds: readonly number[]; onMessage: (m: LiveMessage) => void }>(),
}));
vi.mock('../../../../lib/live', () => ({
  useLiveMessages: (name: string, deviceIds: readonly number[], onMessage: (m: LiveMessage) => void) => {
    live.listeners.set(name, { deviceIds, onMessage });
  },
  useLiveConnection: () => 'open',
  liveClient: { onReconnect: () => () => undefined },
}));
vi.mock('../../../../app/providers/preferences', () => ({ usePreferences: () => ({ theme: 'dark' }) }));

/** ECharts needs a canvas jsdom lacks: each chart is replaced by the points it was given. */
vi.mock('../../../../components/chart/echart', () => ({
  EChart: ({ option, theme }: { option: SparklineOption; theme: string }) => {
    const series = option.series as { data: [number, number][] }[];
    return <div data-testid="spark" data-theme={theme} data-points={JSON.stringify(series[0]?.data)} />;
  },
}));

const T0 = 1_763_000_000_000;

const WATER: RealtimeWater = {
  from: T0 - 86_400_000,
  bucketMs: 1_800_000,
  factors: [
    { factorCode: 'w01009', factorName: '溶解氧', factorNameEn: 'Dissolved oxygen', unit: 'mg/L', decimals: 1 },
    { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 },
  ],
  limits: [
    { factorCode: 'w01009', classLimits: [7.5, 6, 5, 3, 2], rangeMin: null, rangeMax: null },
    { factorCode: 'w01018', classLimits: [15, 15, 20, 30, 40], rangeMin: null, rangeMax: null },
  ],
  stations: [
    {
      deviceId: 1,
      deviceName: '莲花山水站',
      deviceCode: 'MN0001',
      online: true,
      changedAt: 1,
      utcOffsetMinutes: 480,
      values: [
        {
          factorCode: 'w01009',
          value: 5.5,
          unit: null,
          flag: 'N',
          quality: 'N',
          kind: 'rtd',
          dataTime: T0,
          waterClass: 3,
        },
        {
          factorCode: 'w01018',
          value: 12,
          unit: 'mg/L',
          flag: 'N',
          quality: 'N',
          kind: 'rtd',
          dataTime: T0,
          waterClass: 1,
        },
      ],
      trend: [{ factorCode: 'w01018', time: T0 - 1_800_000, value: 11, count: 4 }],
    },
    {
      deviceId: 2,
      deviceName: '梧桐山水站',
      deviceCode: 'MN0002',
      online: false,
      changedAt: null,
      utcOffsetMinutes: 480,
      values: [],
      trend: [],
    },
  ],
};

const card = (name: string) => screen.getByText(name).closest('[data-testid="water-station"]') as HTMLElement;
const row = (name: string, factorCode: string) =>
  card(name).querySelector(`[data-factor="${factorCode}"]`) as HTMLElement;

describe('water screen', () => {
  beforeAll(() => installAntdShims());
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    live.listeners.clear();
    api.get.mockReset();
  });
  afterEach(cleanup);

  it('shows each station with values, units, class tags and sparklines, then follows the push', async () => {
    api.get.mockResolvedValue(WATER);
    renderWithProviders(<RealtimeWaterPage />);
    await screen.findByText('莲花山水站');
    expect(api.get).toHaveBeenCalledWith('/data/realtime/rest/getWater', { projectId: null }, { quiet: true });
    const cod = row('莲花山水站', 'w01018');
    expect(cod.textContent).toContain('化学需氧量');
    expect(cod.querySelector('[data-testid="water-value"]')?.textContent).toBe('12.0 mg/L');
    expect(cod.querySelector('[data-class]')?.textContent).toBe('Ⅰ类');
    expect(row('莲花山水站', 'w01009').querySelector('[data-class]')?.textContent).toBe('Ⅲ类');
    expect(cod.querySelector('[data-testid="spark"]')?.getAttribute('data-points')).toBe(
      JSON.stringify([[T0 - 1_800_000, 11]]),
    );
    expect(card('梧桐山水站').textContent).toContain('暂无数据');
    expect(card('梧桐山水站').textContent).toContain('离线');
    expect(screen.getByTestId('water-class-legend').textContent).toContain('劣Ⅴ类');
    expect(live.listeners.get('realtime-water')?.deviceIds).toEqual([1, 2]);

    act(() => {
      live.listeners.get('realtime-water')?.onMessage({
        type: 'data',
        deviceId: 1,
        deviceCode: 'MN0001',
        kind: 'rtd',
        dataTime: T0 + 30_000,
        values: [{ factorCode: 'w01018', value: 45, flag: 'N', quality: 'N' }],
      });
      live.listeners
        .get('realtime-water')
        ?.onMessage({ type: 'status', deviceId: 2, deviceCode: 'MN0002', online: true, at: 5 });
    });
    await waitFor(() => expect(row('莲花山水站', 'w01018').querySelector('[data-class]')?.textContent).toBe('劣Ⅴ类'));
    expect(row('莲花山水站', 'w01018').querySelector('[data-testid="water-value"]')?.textContent).toBe('45.0 mg/L');
    expect(card('梧桐山水站').textContent).toContain('在线');
  });

  it('names the classes in English too', async () => {
    await i18n.changeLanguage('en-US');
    api.get.mockResolvedValue(WATER);
    renderWithProviders(<RealtimeWaterPage />);
    await screen.findByText('莲花山水站');
    expect(row('莲花山水站', 'w01009').textContent).toContain('Dissolved oxygen');
    expect(row('莲花山水站', 'w01009').querySelector('[data-class]')?.textContent).toBe('Class III');
  });

  it('says when the project has no water stations', async () => {
    api.get.mockResolvedValue({ ...WATER, factors: [], stations: [] });
    renderWithProviders(<RealtimeWaterPage />);
    expect(await screen.findByText('当前项目没有水质站')).toBeTruthy();
  });

  it('shows a failure with a retry that loads again', async () => {
    api.get.mockRejectedValueOnce(new ApiError('http', '服务器错误', 500)).mockResolvedValue(WATER);
    renderWithProviders(<RealtimeWaterPage />);
    await screen.findByText('服务器错误');
    expect(screen.queryByText('当前项目没有水质站')).toBeNull();
    fireEvent.click(button(document.body, i18n.t('common.actions.retry')));
    await screen.findByText('莲花山水站');
  });
});
