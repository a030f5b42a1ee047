// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@envmon/shared';
import { PermissionsProvider } from '../../../components/can';
import { testAlarm } from '../../../features/alarm/current/alarm.test-support';
import { i18n } from '../../../lib/i18n';
import { installAntdShims } from '../../../test/render';
import { SessionProvider, type Session } from '../../session-context';
import { AlarmBadge } from './alarm-badge';

const live = vi.hoisted(() => ({
  alarmListeners: new Set<(alarms: Alarm[]) => void>(),
  reconnectListeners: new Set<() => void>(),
  stateListeners: new Set<() => void>(),
  state: 'connecting',
}));
vi.mock('../../../lib/live', () => ({
  liveClient: {
    getState: () => live.state,
    onStateChange: (listener: () => void) => {
      live.stateListeners.add(listener);
      return () => live.stateListeners.delete(listener);
    },
    onAlarms: (listener: (alarms: Alarm[]) => void) => {
      live.alarmListeners.add(listener);
      return () => live.alarmListeners.delete(listener);
    },
    onReconnect: (listener: () => void) => {
      live.reconnectListeners.add(listener);
      return () => live.reconnectListeners.delete(listener);
    },
  },
}));
const getCurrentAlarms = vi.hoisted(() => vi.fn<() => Promise<Alarm[]>>());
vi.mock('../../../features/alarm/current/api/get-current-alarms', () => ({ getCurrentAlarms }));
const alert = vi.hoisted(() => ({
  playAlarmSound: vi.fn(),
  showAlarmNotification: vi.fn(),
  askNotificationPermission: vi.fn(),
}));
vi.mock('../../../features/alarm/current/alarm-alert', () => alert);

beforeAll(async () => {
  installAntdShims();
  await i18n.changeLanguage('en-US');
});

beforeEach(() => {
  vi.clearAllMocks();
  live.state = 'open';
  getCurrentAlarms.mockResolvedValue([testAlarm(1), testAlarm(2, { workOrder: { orderStatus: 3 } })]);
});

afterEach(cleanup);

const session = {
  isAdmin: false,
  roleNames: ['operator'],
  menu: [
    {
      id: 1,
      code: 'alarm',
      path: '/alarm',
      icon: null,
      name: '告警管理',
      nameEn: 'Alarms',
      pages: [
        {
          id: 2,
          code: 'alarm.list',
          path: '/alarm/list',
          icon: null,
          name: '告警列表',
          nameEn: 'Alarm list',
          groupCode: 'alarm',
        },
      ],
    },
  ],
} as unknown as Session;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderBadge(codes: string[], path = '/system/user') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider value={session}>
        <PermissionsProvider value={{ isAdmin: false, codes: new Set(codes) }}>
          <AlarmBadge />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </PermissionsProvider>
      </SessionProvider>
    </MemoryRouter>,
  );
}

const push = (alarms: Alarm[]) => act(() => live.alarmListeners.forEach((listener) => listener(alarms)));
const count = () => screen.getByTestId('alarm-badge').getAttribute('aria-label');

describe('AlarmBadge', () => {
  it('is absent for users without the alarm list', () => {
    renderBadge(['system.user']);
    expect(screen.queryByTestId('alarm-badge')).toBeNull();
    expect(getCurrentAlarms).not.toHaveBeenCalled();
  });

  it('counts the current alarms the server scopes, follows pushes and reloads after a reconnect', async () => {
    renderBadge(['alarm.list']);
    expect(getCurrentAlarms).toHaveBeenCalledWith();
    await screen.findByLabelText('Current alarms (2)');

    push([testAlarm(3)]);
    expect(count()).toBe('Current alarms (3)');
    expect(alert.playAlarmSound).toHaveBeenCalledTimes(1);
    expect(alert.showAlarmNotification).toHaveBeenCalledWith('Alarm', expect.stringContaining('River North'));

    // An update raises nothing; a clear removes by id.
    push([testAlarm(3, { count: 2 }), testAlarm(1, { active: false })]);
    expect(count()).toBe('Current alarms (2)');
    expect(alert.playAlarmSound).toHaveBeenCalledTimes(1);

    getCurrentAlarms.mockResolvedValue([]);
    act(() => live.reconnectListeners.forEach((listener) => listener()));
    expect(getCurrentAlarms).toHaveBeenCalledTimes(2);
    await screen.findByLabelText('Current alarms (0)');
  });

  it('loads again when the connection first opens after the load began, so nothing raised meanwhile is missed', async () => {
    live.state = 'connecting';
    renderBadge(['alarm.list']);
    await screen.findByLabelText('Current alarms (2)');
    getCurrentAlarms.mockResolvedValue([testAlarm(1), testAlarm(2), testAlarm(4)]);
    live.state = 'open';
    act(() => live.stateListeners.forEach((listener) => listener()));
    await screen.findByLabelText('Current alarms (3)');
    expect(live.stateListeners.size).toBe(0);
  });

  it('plays the sound but shows no desktop notification on the dashboard', async () => {
    renderBadge(['alarm.list'], '/index');
    await screen.findByLabelText('Current alarms (2)');
    push([testAlarm(3)]);
    expect(alert.playAlarmSound).toHaveBeenCalledTimes(1);
    expect(alert.showAlarmNotification).not.toHaveBeenCalled();
  });

  it('opens the dialog, and a work order link goes to the alarm screen with the alarm id', async () => {
    renderBadge(['alarm.list']);
    fireEvent.click(await screen.findByLabelText('Current alarms (2)'));
    expect(alert.askNotificationPermission).toHaveBeenCalled();
    expect(await screen.findByText('Finished')).toBeTruthy();
    fireEvent.click(screen.getByText('Pending'));
    expect(screen.getByTestId('where').textContent).toBe('/alarm/list?alarmId=1');
  });
});
