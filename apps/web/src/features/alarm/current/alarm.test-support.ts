import type { Alarm } from '@envmon/shared';

/** An active threshold alarm for the badge tests; overrides change what a test is about. */
export function testAlarm(id: number, overrides: Partial<Alarm> = {}): Alarm {
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
    device: { deviceName: 'River North', utcOffsetMinutes: 480 },
    factorCode: 'w01018',
    factor: { factorName: '化学需氧量', factorNameEn: 'COD' },
    workOrder: { orderStatus: 1 },
    ...overrides,
  };
}
