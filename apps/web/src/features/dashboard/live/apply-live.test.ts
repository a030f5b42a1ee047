import { describe, expect, it } from 'vitest';
import { HOUR_MS, type Alarm, type DashboardAlarm, type DashboardInfo, type DashboardStation } from '@envmon/shared';
import { applyAlarms, applyMessages, fromSnapshot, LIVE_ALARMS_MAX } from './apply-live';

const HOUR = Date.UTC(2026, 10, 27, 8);

/** A pushed active threshold alarm of station 7. */
function testAlarm(id: number, overrides: Partial<Alarm> = {}): Alarm {
  return {
    id,
    alarmType: 1,
    alarmLevel: 1,
    alarmValue: 12.5,
    unit: 'mg/L',
    beginDate: 1_700_000_000_000 + id,
    lastDate: 1_700_000_000_000 + id,
    endDate: null,
    active: true,
    count: 1,
    overflowType: null,
    standardValue: '10',
    symbol: 1,
    deviceId: 7,
    deviceCode: 'MN7',
    device: { deviceName: 'Station 7', utcOffsetMinutes: 480 },
    factorCode: 'w01018',
    factor: { factorName: '化学需氧量', factorNameEn: 'COD' },
    workOrder: { orderStatus: 1 },
    ...overrides,
  };
}

function station(id: number, overrides: Partial<DashboardStation> = {}): DashboardStation {
  return {
    id,
    code: `MN${id}`,
    name: `Station ${id}`,
    deviceType: '21',
    projectId: null,
    lng: 114,
    lat: 22,
    state: 'online',
    lastPacketAt: HOUR,
    alarms: 0,
    waterClass: null,
    aqi: null,
    latest: [],
    ...overrides,
  };
}

function listed(id: number, overrides: Partial<DashboardAlarm> = {}): DashboardAlarm {
  return {
    id,
    deviceId: 7,
    deviceName: 'Station 7',
    factorCode: 'w01018',
    alarmType: 1,
    alarmLevel: 1,
    alarmValue: 12,
    standardValue: '10',
    beginDate: 1_700_000_000_000 + id,
    active: true,
    orderStatus: 1,
    ...overrides,
  };
}

/** Station 7 with one active alarm (id 10, open order), station 8 without; trend of w01018. */
function snapshot(overrides: Partial<DashboardInfo> = {}): DashboardInfo {
  return {
    config: {
      id: null,
      userId: 1,
      userName: 'admin',
      name: 'admin',
      projectId: null,
      homeCards: ['states'],
      wallCards: ['map'],
      deviceIds: [],
      factorCodes: [],
      refreshSeconds: 60,
      rotateSeconds: 0,
      createTime: null,
      updateTime: null,
    },
    variant: 'admin',
    generatedAt: 1_700_000_000_500,
    stations: [station(7, { alarms: 1 }), station(8, { state: 'offline' })],
    states: { online: 1, offline: 1, never: 0 },
    transmission: { expected: 10, received: 5, rate: 0.5 },
    alarms: { active: 1, byType: [{ key: 1, count: 1 }], byLevel: [{ key: 1, count: 1 }], pendingOrders: 1 },
    compliance: { checked: 0, met: 0, rate: null },
    waterClasses: [],
    airQuality: [],
    latestAlarms: [listed(10)],
    workOrders: [listed(10)],
    trends: [{ factorCode: 'w01018', points: [[HOUR - HOUR_MS, 5]] }],
    ...overrides,
  };
}

describe('applyAlarms', () => {
  it('counts a newly raised alarm on its station, the totals, the list and the open orders', () => {
    const next = applyAlarms(fromSnapshot(snapshot()), [
      testAlarm(11, {
        deviceId: 8,
        alarmType: 4,
        alarmLevel: 2,
        device: { deviceName: 'Station 8', utcOffsetMinutes: 480 },
      }),
    ]);
    expect(next.info.stations.map((s) => s.alarms)).toEqual([1, 1]);
    expect(next.info.alarms).toEqual({
      active: 2,
      byType: [
        { key: 1, count: 1 },
        { key: 4, count: 1 },
      ],
      byLevel: [
        { key: 1, count: 1 },
        { key: 2, count: 1 },
      ],
      pendingOrders: 2,
    });
    expect(next.info.latestAlarms.map((a) => [a.id, a.deviceName])).toEqual([
      [11, 'Station 8'],
      [10, 'Station 7'],
    ]);
    expect(next.info.workOrders.map((a) => a.id)).toEqual([10, 11]);
  });

  it('counts an alarm once however often it is pushed again, and uncounts it when it clears', () => {
    let state = fromSnapshot(snapshot());
    state = applyAlarms(state, [testAlarm(11, { deviceId: 8 })]);
    state = applyAlarms(state, [testAlarm(11, { deviceId: 8, count: 2, alarmValue: 20 })]);
    expect(state.info.stations[1]?.alarms).toBe(1);
    expect(state.info.alarms.active).toBe(2);
    expect(state.info.latestAlarms[0]?.alarmValue).toBe(20);

    state = applyAlarms(state, [testAlarm(11, { deviceId: 8, active: false })]);
    expect(state.info.stations[1]?.alarms).toBe(0);
    expect(state.info.alarms.active).toBe(1);
    expect(state.info.alarms.byType).toEqual([{ key: 1, count: 1 }]);
    // The cleared alarm stays in the latest list, marked ended; its work order is still open.
    expect(state.info.latestAlarms[0]).toMatchObject({ id: 11, active: false });
    expect(state.info.alarms.pendingOrders).toBe(2);
  });

  it('does not count again an alarm the snapshot already counted but did not list', () => {
    // Id 5 is older than the newest listed (10): it was among the snapshot's active alarms.
    const state = applyAlarms(fromSnapshot(snapshot()), [testAlarm(5, { deviceId: 7, count: 9 })]);
    expect(state.info.stations[0]?.alarms).toBe(1);
    expect(state.info.alarms.active).toBe(1);
    expect(state.info.latestAlarms.map((a) => a.id)).toEqual([10]);
  });

  it('closes the work order of a handled alarm and leaves alarms of other stations alone', () => {
    let state = fromSnapshot(snapshot());
    state = applyAlarms(state, [testAlarm(10, { deviceId: 7, workOrder: { orderStatus: 3 } })]);
    expect(state.info.workOrders).toEqual([]);
    expect(state.info.alarms.pendingOrders).toBe(0);
    expect(state.info.alarms.active).toBe(1);

    const before = state;
    expect(applyAlarms(before, [testAlarm(99, { deviceId: 1234 })])).toBe(before);
  });

  it('keeps at most LIVE_ALARMS_MAX alarms, newest first', () => {
    const pushed = Array.from({ length: LIVE_ALARMS_MAX + 5 }, (_, i) => testAlarm(100 + i, { deviceId: 7 }));
    const state = applyAlarms(fromSnapshot(snapshot()), pushed);
    expect(state.info.latestAlarms).toHaveLength(LIVE_ALARMS_MAX);
    expect(state.info.latestAlarms[0]?.id).toBe(100 + LIVE_ALARMS_MAX + 4);
    expect(state.info.stations[0]?.alarms).toBe(1 + LIVE_ALARMS_MAX + 5);
  });
});

describe('applyMessages', () => {
  it('moves a station between states and keeps the counts', () => {
    const state = applyMessages(fromSnapshot(snapshot()), [
      { type: 'status', deviceId: 8, deviceCode: 'MN8', online: true, at: HOUR },
      { type: 'status', deviceId: 7, deviceCode: 'MN7', online: false, at: HOUR },
    ]);
    expect(state.info.stations.map((s) => s.state)).toEqual(['offline', 'online']);
    expect(state.info.states).toEqual({ online: 1, offline: 1, never: 0 });
  });

  it('replaces hourly values of the trend factors and averages the hour over the stations of that hour', () => {
    const value = (v: number, factorCode = 'w01018') => ({ factorCode, value: v, flag: 'N', quality: 'N' });
    const state = applyMessages(fromSnapshot(snapshot()), [
      {
        type: 'data',
        deviceId: 7,
        deviceCode: 'MN7',
        kind: 'hour',
        dataTime: HOUR,
        values: [value(10), value(7, 'w01001')],
      },
      { type: 'data', deviceId: 8, deviceCode: 'MN8', kind: 'hour', dataTime: HOUR, values: [value(20)] },
    ]);
    expect(state.info.stations[0]?.latest).toEqual([{ factorCode: 'w01018', value: 10, dataTime: HOUR }]);
    expect(state.info.trends[0]?.points).toEqual([
      [HOUR - HOUR_MS, 5],
      [HOUR, 15],
    ]);
  });

  it('ignores real-time values, unknown stations and unchanged states (the same state back)', () => {
    const start = fromSnapshot(snapshot());
    const next = applyMessages(start, [
      { type: 'data', deviceId: 7, deviceCode: 'MN7', kind: 'rtd', dataTime: HOUR, values: [] },
      { type: 'status', deviceId: 999, deviceCode: 'X', online: true, at: HOUR },
      { type: 'status', deviceId: 7, deviceCode: 'MN7', online: true, at: HOUR },
    ]);
    expect(next).toBe(start);
  });
});
