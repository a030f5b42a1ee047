import { ALARM_TYPE, type Alarm } from '@envmon/shared';

/**
 * An alarm as 'alarm.changed' announces it, for tests of its processors: a COD threshold alarm (42.5 over 30)
 * of station ST-<id>, raised at `at` and still pending; `overrides` change any field.
 */
export function sampleAlarm(id: number, at: number, overrides: Partial<Alarm> = {}): Alarm {
  return {
    id,
    alarmType: ALARM_TYPE.threshold,
    alarmLevel: 1,
    alarmValue: 42.5,
    unit: 'mg/L',
    beginDate: at,
    lastDate: at,
    endDate: null,
    active: true,
    count: 1,
    overflowType: null,
    standardValue: '30',
    symbol: 1,
    deviceId: id,
    deviceCode: `ST-${id}`,
    device: { deviceName: `站点${id}`, utcOffsetMinutes: 480 },
    factorCode: 'w01018',
    factor: { factorName: '化学需氧量', factorNameEn: 'COD' },
    workOrder: { orderStatus: 1 },
    ...overrides,
  };
}
