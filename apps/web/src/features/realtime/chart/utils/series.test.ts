import { type LiveMessage, MINUTE_MS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { appendMessages, seriesFromRecent } from './series';

const data = (dataTime: number, values: Record<string, number>, extra: Partial<LiveMessage> = {}): LiveMessage =>
  ({
    type: 'data',
    deviceId: 1,
    deviceCode: 'MN-1',
    kind: 'rtd',
    dataTime,
    values: Object.entries(values).map(([factorCode, value]) => ({ factorCode, value, flag: 'N', quality: 'N' })),
    ...extra,
  }) as LiveMessage;

describe('chart series', () => {
  const initial = seriesFromRecent(
    [
      { factorCode: 'w01018', dataTime: 0, value: 1, flag: 'N', quality: 'N' },
      { factorCode: 'w01001', dataTime: 0, value: 7, flag: 'N', quality: 'N' },
      { factorCode: 'w01018', dataTime: MINUTE_MS, value: 2, flag: 'N', quality: 'N' },
      { factorCode: 'w21003', dataTime: MINUTE_MS, value: 9, flag: 'N', quality: 'N' },
    ],
    ['w01018', 'w01001'],
  );
  const options = { deviceId: 1, windowMs: 60 * MINUTE_MS };

  it('fills one line per chosen factor from the recent values', () => {
    expect([...initial.keys()]).toEqual(['w01018', 'w01001']);
    expect(initial.get('w01018')).toEqual([
      [0, 1],
      [MINUTE_MS, 2],
    ]);
  });

  it("appends the device's real-time values of charted factors, and ignores everything else", () => {
    const next = appendMessages(
      initial,
      [
        data(2 * MINUTE_MS, { w01018: 3, w21003: 5 }),
        data(2 * MINUTE_MS, { w01018: 100 }, { deviceId: 2 }),
        data(2 * MINUTE_MS, { w01018: 200 }, { kind: 'min' }),
        { type: 'status', deviceId: 1, deviceCode: 'MN-1', online: false, at: 5 },
      ],
      options,
    );
    expect(next.get('w01018')).toEqual([
      [0, 1],
      [MINUTE_MS, 2],
      [2 * MINUTE_MS, 3],
    ]);
    expect(next.get('w01001')).toBe(initial.get('w01001'));
    expect(next.has('w21003')).toBe(false);
    expect(initial.get('w01018')).toHaveLength(2);
    expect(appendMessages(initial, [data(MINUTE_MS, { w21003: 1 })], options)).toBe(initial);
  });

  it('places a late value in time order and replaces a repeated time', () => {
    const next = appendMessages(
      initial,
      [data(MINUTE_MS / 2, { w01018: 1.5 }), data(MINUTE_MS, { w01018: 2.5 })],
      options,
    );
    expect(next.get('w01018')).toEqual([
      [0, 1],
      [MINUTE_MS / 2, 1.5],
      [MINUTE_MS, 2.5],
    ]);
  });

  it('keeps the window and the cap', () => {
    const windowed = appendMessages(initial, [data(61 * MINUTE_MS, { w01018: 4 })], options);
    expect(windowed.get('w01018')).toEqual([
      [MINUTE_MS, 2],
      [61 * MINUTE_MS, 4],
    ]);
    const capped = appendMessages(initial, [data(2 * MINUTE_MS, { w01018: 3 })], { ...options, maxPoints: 2 });
    expect(capped.get('w01018')).toEqual([
      [MINUTE_MS, 2],
      [2 * MINUTE_MS, 3],
    ]);
  });
});
