// @vitest-environment jsdom
import type { LiveMessage, RealtimeLatest } from '@envmon/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { ApiError } from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import RealtimeDataPage from './realtime-data-page';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

/** The push: the test delivers messages to whatever the page registered. */
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
      projectId: 1,
      addressId: null,
      online: true,
      changedAt: 1,
      utcOffsetMinutes: 480,
      values: [
        {
          factorCode: 'w01001',
          value: 7.1,
          unit: null,
          flag: 'N',
          quality: 'N',
          kind: 'rtd',
          dataTime: 1_763_000_000_000,
        },
        {
          factorCode: 'w01018',
          value: 20,
          unit: 'mg/L',
          flag: 'N',
          quality: 'SH4',
          kind: 'rtd',
          dataTime: 1_763_000_000_000,
        },
      ],
    },
    {
      deviceId: 2,
      deviceName: '梧桐山空气站',
      deviceCode: 'MN0002',
      deviceType: '22',
      ifValid: 1,
      projectId: 1,
      addressId: null,
      online: false,
      changedAt: null,
      utcOffsetMinutes: 480,
      values: [],
    },
  ],
};

const rowOf = (name: string) => screen.getByText(name).closest('.ant-table-row') as HTMLElement;

describe('real-time data screen', () => {
  beforeAll(() => installAntdShims());
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    live.listeners.clear();
    api.get.mockReset();
  });
  afterEach(cleanup);

  it('shows the devices with units in the headers and values coloured by their flags, then follows the push', async () => {
    api.get.mockResolvedValue(LATEST);
    renderWithProviders(<RealtimeDataPage />);
    await screen.findByText('莲花山水站');
    expect(screen.getByText('化学需氧量 (mg/L)')).toBeTruthy();
    expect(rowOf('莲花山水站').querySelector('[data-flag="SH4"]')?.textContent).toBe('20.0');
    expect(rowOf('莲花山水站').querySelector('[data-flag="N"]')?.textContent).toBe('7.10');
    expect(screen.getByTestId('realtime-count').textContent).toContain('2 / 2');
    expect(live.listeners.get('realtime-data')?.deviceIds).toEqual([1, 2]);

    act(() => {
      live.listeners.get('realtime-data')?.onMessage({
        type: 'data',
        deviceId: 1,
        deviceCode: 'MN0001',
        kind: 'rtd',
        dataTime: 1_763_000_060_000,
        values: [{ factorCode: 'w01018', value: 25.5, flag: 'D', quality: 'N' }],
      });
      live.listeners
        .get('realtime-data')
        ?.onMessage({ type: 'status', deviceId: 2, deviceCode: 'MN0002', online: true, at: 5 });
    });
    await waitFor(() => expect(rowOf('莲花山水站').querySelector('[data-flag="D"]')?.textContent).toBe('25.5'));
    expect(rowOf('梧桐山空气站').textContent).toContain('在线');
  });

  it('filters by device name', async () => {
    api.get.mockResolvedValue(LATEST);
    renderWithProviders(<RealtimeDataPage />);
    await screen.findByText('莲花山水站');
    fireEvent.change(screen.getByTestId('realtime-search'), { target: { value: '梧桐' } });
    await waitFor(() => expect(screen.queryByText('莲花山水站')).toBeNull());
    expect(screen.getByTestId('realtime-count').textContent).toContain('1 / 2');
  });

  it('says when the project has no devices', async () => {
    api.get.mockResolvedValue({ factors: [], devices: [] });
    renderWithProviders(<RealtimeDataPage />);
    expect(await screen.findByText('当前项目没有设备')).toBeTruthy();
  });

  it('shows a failure with a retry that loads again', async () => {
    api.get.mockRejectedValueOnce(new ApiError('http', '服务器错误', 500)).mockResolvedValue(LATEST);
    renderWithProviders(<RealtimeDataPage />);
    await screen.findByText('服务器错误');
    fireEvent.click(button(document.body, i18n.t('common.actions.retry')));
    await screen.findByText('莲花山水站');
    expect(api.get).toHaveBeenCalledTimes(2);
  });
});
