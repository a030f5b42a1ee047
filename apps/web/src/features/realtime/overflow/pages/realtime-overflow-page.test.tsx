// @vitest-environment jsdom
import {
  ALARM_TYPE,
  OVERFLOW_TYPE,
  THRESHOLD_OPERATOR,
  type Alarm,
  type LiveMessage,
  type RealtimeOverflow,
} from '@envmon/shared';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import RealtimeOverflowPage from './realtime-overflow-page';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

const live = vi.hoisted(() => ({
  onMessage: null as ((m: LiveMessage) => void) | null,
  onAlarms: null as ((alarms: Alarm[]) => void) | null,
}));
vi.mock('../../../../lib/live', () => ({
  useLiveMessages: (_name: string, _deviceIds: readonly number[], onMessage: (m: LiveMessage) => void) => {
    live.onMessage = onMessage;
  },
  useLiveConnection: () => 'open',
  liveClient: {
    onReconnect: () => () => undefined,
    onAlarms: (listener: (alarms: Alarm[]) => void) => {
      live.onAlarms = listener;
      return () => undefined;
    },
  },
}));
vi.mock('../../../../app/providers/preferences', () => ({ usePreferences: () => ({ theme: 'light' }) }));
vi.mock('../../../../components/chart/echart', () => ({ EChart: () => <div data-testid="trend-stub" /> }));

const T0 = 1_763_000_000_000;
const LEVEL = 'LVL01';

const alarm = (id: number, overflowType: number, active = true): Alarm => ({
  id,
  alarmType: ALARM_TYPE.breaker,
  alarmLevel: 1,
  alarmValue: 2.6,
  unit: 'm',
  beginDate: T0,
  lastDate: T0,
  endDate: active ? null : T0,
  active,
  count: 1,
  overflowType,
  standardValue: '2.5,1.8,',
  symbol: 8,
  deviceId: 1,
  deviceCode: 'OF0001',
  device: { deviceName: '福田溢流口', utcOffsetMinutes: 480 },
  factorCode: LEVEL,
  factor: { factorName: '液位', factorNameEn: 'Liquid level' },
  workOrder: { orderStatus: 1 },
});

const OVERFLOW: RealtimeOverflow = {
  from: T0 - 86_400_000,
  bucketMs: 1_800_000,
  factors: [{ factorCode: LEVEL, factorName: '液位', factorNameEn: 'Liquid level', unit: 'm', decimals: 2 }],
  stations: [
    {
      deviceId: 1,
      deviceName: '福田溢流口',
      deviceCode: 'OF0001',
      online: true,
      changedAt: 1,
      utcOffsetMinutes: 480,
      levelFactorCode: LEVEL,
      values: [{ factorCode: LEVEL, value: 2, unit: null, flag: 'N', quality: 'N', kind: 'rtd', dataTime: T0 }],
      thresholds: [
        {
          overflowType: OVERFLOW_TYPE.overflow,
          factorCode: LEVEL,
          operator: THRESHOLD_OPERATOR.gt,
          limit1: 2.5,
          limit2: null,
          enabled: true,
          exceeded: false,
        },
        {
          overflowType: OVERFLOW_TYPE.fullPipe,
          factorCode: LEVEL,
          operator: THRESHOLD_OPERATOR.gt,
          limit1: 1.8,
          limit2: null,
          enabled: true,
          exceeded: true,
        },
      ],
      alarms: [alarm(7, OVERFLOW_TYPE.fullPipe)],
      trend: [{ factorCode: LEVEL, time: T0 - 1_800_000, value: 1.9, count: 3 }],
    },
  ],
};

const states = () =>
  screen.getAllByTestId('overflow-state').map((el) => [el.textContent, el.getAttribute('data-state')]);

describe('overflow screen', () => {
  beforeAll(() => installAntdShims());
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    Object.assign(live, { onMessage: null, onAlarms: null });
    api.get.mockReset();
  });
  afterEach(cleanup);

  it('shows the level, the state per overflow type and the overflow alarms, then follows values and alarms', async () => {
    api.get.mockResolvedValue(OVERFLOW);
    renderWithProviders(<RealtimeOverflowPage />);
    await screen.findByText('福田溢流口');
    expect(api.get).toHaveBeenCalledWith('/data/realtime/rest/getOverflow', { projectId: null }, { quiet: true });
    expect(screen.getByTestId('overflow-level').textContent).toContain('2.00 m');
    expect(states()).toEqual([
      ['溢流> 2.5正常', 'normal'],
      ['满管> 1.8超标', 'exceeded'],
    ]);
    expect(screen.getByTestId('overflow-alarms').textContent).toContain('满管：2.60 m');
    expect(screen.getByTestId('trend-stub')).toBeTruthy();

    act(() => {
      live.onMessage?.({
        type: 'data',
        deviceId: 1,
        deviceCode: 'OF0001',
        kind: 'rtd',
        dataTime: T0 + 30_000,
        values: [{ factorCode: LEVEL, value: 2.7, flag: 'N', quality: 'N' }],
      });
      live.onAlarms?.([alarm(8, OVERFLOW_TYPE.overflow), alarm(7, OVERFLOW_TYPE.fullPipe, false)]);
    });
    await waitFor(() => expect(screen.getByTestId('overflow-level').textContent).toContain('2.70 m'));
    expect(states().map(([, state]) => state)).toEqual(['exceeded', 'exceeded']);
    const alarms = screen.getByTestId('overflow-alarms');
    expect(alarms.querySelector('[data-alarm="8"]')?.textContent).toContain('溢流');
    expect(alarms.querySelector('[data-alarm="7"]')).toBeNull();
  });

  it('explains what an overflow station is when the project has none', async () => {
    await i18n.changeLanguage('en-US');
    api.get.mockResolvedValue({ ...OVERFLOW, factors: [], stations: [] });
    renderWithProviders(<RealtimeOverflowPage />);
    expect(await screen.findByText('The project has no overflow stations')).toBeTruthy();
    expect(screen.getByText(/alarm threshold with an overflow type/)).toBeTruthy();
  });
});
