// @vitest-environment jsdom
import type { Alarm, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { testAlarm } from '../../current/alarm.test-support';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import AlarmListPage from './alarm-list-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));
const live = vi.hoisted(() => ({ listeners: [] as ((alarms: Alarm[]) => void)[] }));
vi.mock('../../../../lib/live', () => ({
  liveClient: {
    onAlarms: (listener: (alarms: Alarm[]) => void) => {
      live.listeners.push(listener);
      return () => undefined;
    },
  },
}));

const ACTIVE = testAlarm(11, { device: { deviceName: '莲花山水站', utcOffsetMinutes: 480 } });
const LINKED = testAlarm(42, {
  device: { deviceName: '梧桐山水站', utcOffsetMinutes: 480 },
  workOrder: { orderStatus: 2 },
});
const ENDED = testAlarm(12, {
  active: false,
  endDate: 1_700_000_100_000,
  device: { deviceName: '大鹏水站', utcOffsetMinutes: 480 },
});
const page = (list: Alarm[]): Page<Alarm> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

/** Where the router is, so a test sees the alarm id leave the address. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderPage(path = '/alarm/list') {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AlarmListPage />
      <Search />
    </MemoryRouter>,
  );
}

/** The page is large for jsdom: its first render can take seconds on a busy machine. */
const SLOW = { timeout: 10_000 };

const listCalls = () => api.get.mock.calls.filter(([url]) => url === '/manager/alarm/rest/get');

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  live.listeners = [];
  api.get.mockImplementation((url: string, params: { active?: number }) => {
    if (url === '/manager/alarm/rest/get') return Promise.resolve(page(params.active === 0 ? [ENDED] : [ACTIVE]));
    if (url === '/manager/alarm/rest/getCurrent') return Promise.resolve([ACTIVE, LINKED]);
    if (url === '/manager/alarm/workorder/rest/getHistory') return Promise.resolve([]);
    if (url === '/manager/system/device/rest/getAll') return Promise.resolve(page([]));
    if (url === '/manager/settings/factor/rest/getAll') return Promise.resolve([]);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('AlarmListPage', { timeout: 30_000 }, () => {
  it('lists the current alarms, then the recovered ones in the history', async () => {
    renderPage();
    expect(await screen.findByText('莲花山水站', undefined, SLOW)).toBeTruthy();
    expect(listCalls()[0]?.[1]).toMatchObject({ active: 1, pageNum: 1, pageSize: 20 });
    fireEvent.click(screen.getByText(i18n.t('alarmList.tabs.history')));
    expect(await screen.findByText('大鹏水站', undefined, SLOW)).toBeTruthy();
    expect(listCalls().at(-1)?.[1]).toMatchObject({ active: 0 });
    expect(
      within(screen.getByTestId('alarm-table-history')).getAllByText(i18n.t('alarm.fields.endDate')).length,
    ).toBeGreaterThan(0);
    expect(within(screen.getByTestId('alarm-table-history')).queryByText('莲花山水站')).toBeNull();
  });

  it('opens the work order of the alarm named in the address', async () => {
    renderPage('/alarm/list?alarmId=42');
    const drawer = await screen.findByTestId('work-order-drawer', undefined, SLOW);
    expect(within(drawer).getByText('梧桐山水站')).toBeTruthy();
    // Status 2 (in progress): handled or false alarm.
    expect(within(drawer).getByTestId('work-order-move-3')).toBeTruthy();
    expect(screen.getByTestId('search').textContent).toBe('?alarmId=42');
    // Closed, the link is spent: the address no longer names the alarm.
    const closeButton = document.querySelector<HTMLElement>('.ant-drawer-close');
    if (!closeButton) throw new Error('no close button');
    fireEvent.click(closeButton);
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''), SLOW);
  });

  it('says so when the alarm named in the address is no longer current', async () => {
    renderPage('/alarm/list?alarmId=99');
    expect(await screen.findByText(i18n.t('alarmList.workOrder.notFound'), undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('work-order-drawer')).toBeNull();
  });

  it('reloads the list when alarms are pushed', async () => {
    renderPage();
    await screen.findByText('莲花山水站', undefined, SLOW);
    const before = listCalls().length;
    for (const listener of live.listeners) listener([ACTIVE]);
    await waitFor(() => expect(listCalls().length).toBe(before + 1), SLOW);
  });

  it('shows the empty state', async () => {
    api.get.mockImplementation((url: string) =>
      Promise.resolve(url === '/manager/settings/factor/rest/getAll' ? [] : page([])),
    );
    renderPage();
    expect(await screen.findByText(i18n.t('alarmList.empty.current'), undefined, SLOW)).toBeTruthy();
  });
});
