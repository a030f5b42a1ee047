import { REALTIME_TREND, type LiveMessage, type RealtimeWaterStation } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { addToTrend, applyStationMessages, trendLine } from './live-stations';
import { waterRules } from './water-rules';

const { bucketMs, windowMs } = REALTIME_TREND;
const T0 = 1_763_000_000_000 - (1_763_000_000_000 % bucketMs);

const station = (deviceId: number, extra: Partial<RealtimeWaterStation> = {}): RealtimeWaterStation => ({
  deviceId,
  deviceName: `站 ${deviceId}`,
  deviceCode: `MN${deviceId}`,
  online: true,
  changedAt: null,
  utcOffsetMinutes: 480,
  values: [
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
  trend: [{ factorCode: 'w01018', time: T0, value: 12, count: 2 }],
  ...extra,
});

const data = (deviceId: number, dataTime: number, values: [string, number | null][], kind = 'rtd'): LiveMessage => ({
  type: 'data',
  deviceId,
  deviceCode: `MN${deviceId}`,
  kind,
  dataTime,
  values: values.map(([factorCode, value]) => ({ factorCode, value, flag: 'N', quality: 'N' })),
});

const rules = waterRules([
  { factorCode: 'w01018', classLimits: [15, 15, 20, 30, 40], rangeMin: null, rangeMax: null },
  { factorCode: 'w01009', classLimits: [7.5, 6, 5, 3, 2], rangeMin: null, rangeMax: null },
]);

describe('trend buckets', () => {
  it('averages a live value into its bucket, or opens a new one', () => {
    const trend = [{ factorCode: 'a', time: T0, value: 10, count: 3 }];
    expect(addToTrend(trend, 'a', T0 + 1000, 14, REALTIME_TREND)).toEqual([
      { factorCode: 'a', time: T0, value: 11, count: 4 },
    ]);
    expect(addToTrend(trend, 'a', T0 + bucketMs + 5, 20, REALTIME_TREND)).toEqual([
      ...trend,
      { factorCode: 'a', time: T0 + bucketMs, value: 20, count: 1 },
    ]);
    expect(addToTrend(trend, 'b', T0, 5, REALTIME_TREND)).toHaveLength(2);
  });

  it('drops buckets that left the window, and gives a factor’s line oldest first', () => {
    const trend = [
      { factorCode: 'a', time: T0, value: 1, count: 1 },
      { factorCode: 'a', time: T0 + bucketMs, value: 2, count: 1 },
    ];
    const later = addToTrend(trend, 'a', T0 + windowMs + bucketMs, 3, REALTIME_TREND);
    expect(later.map((p) => p.time)).toEqual([T0 + bucketMs, T0 + windowMs + bucketMs]);
    expect(trendLine([...trend].reverse(), 'a')).toEqual([
      [T0, 1],
      [T0 + bucketMs, 2],
    ]);
    expect(trendLine(trend, 'b')).toEqual([]);
  });
});

describe('live messages on station cards', () => {
  it('updates values with their class and the trend, touching only the stations concerned', () => {
    const stations = [station(1), station(2)];
    const next = applyStationMessages(
      stations,
      [
        data(1, T0 + 60_000, [
          ['w01018', 25],
          ['w01009', 1],
        ]),
        data(9, T0, [['w01018', 1]]),
      ],
      rules,
    );
    expect(next[1]).toBe(stations[1]);
    expect(next[0]?.values).toEqual([
      expect.objectContaining({ factorCode: 'w01018', value: 25, unit: 'mg/L', waterClass: 4, dataTime: T0 + 60_000 }),
      expect.objectContaining({ factorCode: 'w01009', value: 1, unit: null, waterClass: 6 }),
    ]);
    expect(next[0]?.trend).toEqual([
      { factorCode: 'w01018', time: T0, value: (12 * 2 + 25) / 3, count: 3 },
      { factorCode: 'w01009', time: T0, value: 1, count: 1 },
    ]);
  });

  it('keeps a newer value against a late packet, and leaves minute data out of the trend', () => {
    const [late] = applyStationMessages([station(1)], [data(1, T0 - 60_000, [['w01018', 99]])], rules);
    expect(late?.values[0]?.value).toBe(12);
    // Its trend bucket still takes it.
    expect(late?.trend).toEqual([
      ...station(1).trend,
      { factorCode: 'w01018', time: T0 - bucketMs, value: 99, count: 1 },
    ]);
    const [minute] = applyStationMessages([station(1)], [data(1, T0 + 60_000, [['w01018', 30]], 'min')], rules);
    expect(minute?.values[0]).toMatchObject({ value: 30, kind: 'min', waterClass: 4 });
    expect(minute?.trend).toEqual(station(1).trend);
  });

  it('follows online state, and answers the same list when nothing changed', () => {
    const stations = [station(1)];
    const [next] = applyStationMessages(
      stations,
      [{ type: 'status', deviceId: 1, deviceCode: 'MN1', online: false, at: 5 }],
      rules,
    );
    expect(next).toMatchObject({ online: false, changedAt: 5 });
    expect(applyStationMessages(stations, [data(7, T0, [['w01018', 1]])], rules)).toBe(stations);
  });
});
