// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm, DashboardCard, DashboardInfo } from '@envmon/shared';
import { SessionProvider, type Session } from '../../../app/session-context';
import { i18n } from '../../../lib/i18n';
import type * as endpointModule from '../../../lib/endpoint';
import { installAntdShims } from '../../../test/render';
import { HomeDashboard } from './home-dashboard';

const live = vi.hoisted(() => ({
  alarmListeners: new Set<(alarms: Alarm[]) => void>(),
  reconnectListeners: new Set<() => void>(),
  followed: [] as number[][],
}));
vi.mock('../../../lib/live', () => ({
  liveClient: {
    onAlarms: (listener: (alarms: Alarm[]) => void) => {
      live.alarmListeners.add(listener);
      return () => live.alarmListeners.delete(listener);
    },
    onReconnect: (listener: () => void) => {
      live.reconnectListeners.add(listener);
      return () => live.reconnectListeners.delete(listener);
    },
  },
  useLiveMessages: (_name: string, ids: readonly number[]) => live.followed.push([...ids]),
  useLiveConnection: () => 'open',
}));

const fetchInfo = vi.hoisted(() => vi.fn<() => Promise<DashboardInfo>>());
vi.mock('../../../lib/endpoint', async (original) => ({
  ...(await original<typeof endpointModule>()),
  callEndpoint: (endpoint: { path: string }) =>
    endpoint.path.endsWith('/getDashboardInfoByUserId')
      ? fetchInfo()
      : Promise.resolve([
          {
            factorCode: 'w01018',
            factorName: '化学需氧量',
            factorNameEn: 'COD',
            unit: 'mg/L',
          },
        ]),
}));

beforeAll(async () => {
  installAntdShims();
  await i18n.changeLanguage('en-US');
});
beforeEach(() => {
  vi.clearAllMocks();
  live.alarmListeners.clear();
  live.reconnectListeners.clear();
  live.followed = [];
});
afterEach(cleanup);

const page = (code: string, path: string) => ({
  id: 1,
  code,
  path,
  icon: null,
  name: code,
  nameEn: code,
  groupCode: 'g',
});
const session = {
  user: { userId: 5, userName: 'op', name: 'Operator One', nackName: null, avatar: null, roles: [], deviceCodes: [] },
  isAdmin: false,
  roleNames: ['operator'],
  menu: [
    {
      id: 1,
      code: 'g',
      path: '/g',
      icon: null,
      name: 'g',
      nameEn: 'g',
      pages: [page('alarm.list', '/alarm/list'), page('realtime.data', '/realtime/data')],
    },
  ],
  codes: new Set(['alarm.list', 'realtime.data']),
  landingPath: null,
} as unknown as Session;

const alarm = {
  id: 10,
  deviceId: 7,
  deviceName: 'River North',
  factorCode: 'w01018',
  alarmType: 1,
  alarmLevel: 2,
  alarmValue: 150.5,
  standardValue: '100',
  beginDate: Date.UTC(2026, 10, 27, 8),
  active: true,
  orderStatus: 1,
};

function info(variant: 'admin' | 'editor', homeCards: DashboardCard[]): DashboardInfo {
  return {
    config: {
      id: null,
      userId: 5,
      userName: 'op',
      name: 'op',
      projectId: null,
      homeCards,
      wallCards: [],
      deviceIds: [],
      factorCodes: [],
      refreshSeconds: 60,
      rotateSeconds: 0,
      createTime: null,
      updateTime: null,
    },
    variant,
    generatedAt: Date.UTC(2026, 10, 27, 9),
    stations: [
      {
        id: 7,
        code: 'MN7',
        name: 'River North',
        deviceType: '21',
        projectId: null,
        lng: null,
        lat: null,
        state: 'online',
        lastPacketAt: Date.UTC(2026, 10, 27, 9),
        alarms: 1,
        waterClass: null,
        aqi: null,
        latest: [{ factorCode: 'w01018', value: 42.5, dataTime: Date.UTC(2026, 10, 27, 8) }],
      },
    ],
    states: { online: 1, offline: 0, never: 0 },
    transmission: { expected: 9, received: 9, rate: 1 },
    alarms: { active: 1, byType: [{ key: 1, count: 1 }], byLevel: [{ key: 2, count: 1 }], pendingOrders: 1 },
    compliance: { checked: 0, met: 0, rate: null },
    waterClasses: [],
    airQuality: [],
    latestAlarms: [alarm],
    workOrders: [alarm],
    trends: [{ factorCode: 'w01018', points: [] }],
  };
}

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <SessionProvider value={session}>
          <App>
            <HomeDashboard />
          </App>
        </SessionProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const cardIds = () =>
  [...document.querySelectorAll('[data-testid^="dashboard-card-"]')].map((card) => card.getAttribute('data-testid'));

describe('HomeDashboard', () => {
  it('shows the cards the configuration lists, in its order, with labels rather than codes', async () => {
    fetchInfo.mockResolvedValue(info('admin', ['latestAlarms', 'alarms', 'states']));
    renderHome();
    expect(await screen.findByTestId('dashboard-variant')).toHaveProperty('textContent', 'Admin home');
    expect(cardIds()).toEqual(['dashboard-card-latestAlarms', 'dashboard-card-alarms', 'dashboard-card-states']);

    const alarms = screen.getByTestId('dashboard-card-alarms');
    expect(within(alarms).getByText('Threshold')).toBeTruthy();
    expect(within(alarms).getByText('Level 2')).toBeTruthy();
    const row = within(screen.getByTestId('dashboard-alarm-list')).getByText('River North').closest('tr');
    // Factor names come from the catalogue.
    await waitFor(() => expect(row?.textContent).toContain('COD'));
    expect(row?.textContent).toContain('150.5 mg/L');
    expect(row?.textContent).toContain('Pending');
    expect(row?.textContent).not.toContain('w01018');
    // The work order opens the alarm screen on that alarm.
    expect(
      within(row as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/alarm/list?alarmId=10');
    // The figures link to their screens; the transmission report is beyond this user's roles.
    expect(within(screen.getByTestId('dashboard-card-states')).getAllByRole('link')[0]?.getAttribute('href')).toBe(
      '/realtime/data',
    );
    expect(live.followed.at(-1)).toEqual([7]);
  });

  it("shows the editor's stations and work orders", async () => {
    fetchInfo.mockResolvedValue(info('editor', ['stations', 'workOrders']));
    renderHome();
    expect(await screen.findByTestId('dashboard-variant')).toHaveProperty('textContent', 'Operator home');
    expect(cardIds()).toEqual(['dashboard-card-stations', 'dashboard-card-workOrders']);
    const station = within(screen.getByTestId('dashboard-stations')).getByText('River North').closest('tr');
    expect(station?.textContent).toContain('Online');
    await waitFor(() => expect(station?.textContent).toContain('COD 42.5 mg/L'));
  });

  it('adds a pushed alarm to the list and the counts without a reload', async () => {
    fetchInfo.mockResolvedValue(info('admin', ['alarms', 'latestAlarms']));
    renderHome();
    await screen.findByTestId('dashboard-alarm-list');
    act(() =>
      live.alarmListeners.forEach((listener) =>
        listener([
          {
            ...alarm,
            id: 11,
            alarmType: 4,
            deviceCode: 'MN7',
            device: { deviceName: 'River North', utcOffsetMinutes: 480 },
            unit: null,
            lastDate: alarm.beginDate,
            endDate: null,
            count: 1,
            overflowType: null,
            symbol: null,
            factor: null,
            workOrder: { orderStatus: 1 },
          },
        ]),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('dashboard-alarms-active').textContent).toContain('2'));
    expect(screen.getByTestId('dashboard-alarms-pending').textContent).toContain('2');
    expect(within(screen.getByTestId('dashboard-card-alarms')).getByText('Device')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-alarm-list')).getAllByRole('row')).toHaveLength(3);
    expect(fetchInfo).toHaveBeenCalledTimes(1);
  });

  it('takes a new snapshot when the push connection comes back (what was pushed meanwhile is lost)', async () => {
    fetchInfo.mockResolvedValue(info('admin', ['states']));
    renderHome();
    await screen.findByTestId('dashboard-card-states');
    expect(fetchInfo).toHaveBeenCalledTimes(1);
    fetchInfo.mockResolvedValue({ ...info('admin', ['states']), states: { online: 0, offline: 1, never: 0 } });
    act(() => live.reconnectListeners.forEach((listener) => listener()));
    await waitFor(() => expect(fetchInfo).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId('dashboard-card-states').textContent).toMatch(/Offline\D*1/));
  });

  it('says when the call failed and asks again on retry', async () => {
    fetchInfo.mockRejectedValueOnce(new Error('down'));
    renderHome();
    const error = await screen.findByTestId('dashboard-error');
    expect(error.textContent).toContain('The dashboard could not be loaded');
    fetchInfo.mockResolvedValue(info('admin', []));
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('dashboard-notice-noCards')).toBeTruthy();
    expect(fetchInfo).toHaveBeenCalledTimes(2);
  });
});
