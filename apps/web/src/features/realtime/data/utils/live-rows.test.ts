import type { LiveMessage, RealtimeDevice } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { filterRows, mergeMessages, rowsFromLatest } from './live-rows';

const device = (deviceId: number, extra: Partial<RealtimeDevice> = {}): RealtimeDevice => ({
  deviceId,
  deviceName: `站点 ${deviceId}`,
  deviceCode: `MN-${deviceId}`,
  deviceType: '21',
  ifValid: 1,
  projectId: 1,
  addressId: null,
  online: true,
  changedAt: 100,
  utcOffsetMinutes: 480,
  values: [],
  ...extra,
});

const data = (deviceId: number, dataTime: number, values: Record<string, number>, flag = 'N'): LiveMessage => ({
  type: 'data',
  deviceId,
  deviceCode: `MN-${deviceId}`,
  kind: 'rtd',
  dataTime,
  values: Object.entries(values).map(([factorCode, value]) => ({ factorCode, value, flag, quality: 'N' })),
});

const KNOWN = new Set(['w01018', 'w01001']);

describe('live rows', () => {
  const initial = rowsFromLatest([
    device(1, {
      values: [
        { factorCode: 'w01018', value: 20, unit: 'mg/L', flag: 'N', quality: 'N', kind: 'rtd', dataTime: 1000 },
        { factorCode: 'w01001', value: 7, unit: null, flag: 'N', quality: 'N', kind: 'min', dataTime: 900 },
      ],
    }),
    device(2, { deviceName: 'Air station', deviceType: '22', online: false }),
  ]);

  it('starts from the latest values, with the newest data time per device', () => {
    expect(initial.get(1)?.dataTime).toBe(1000);
    expect(initial.get(1)?.values.w01001).toMatchObject({ value: 7, kind: 'min' });
    expect(initial.get(2)).toMatchObject({ dataTime: null, values: {}, online: false });
  });

  it('applies a batch: newer values replace, the device unit is kept, untouched rows keep their identity', () => {
    const { rows, newFactorCodes } = mergeMessages(
      initial,
      [data(1, 2000, { w01018: 21 }, 'D'), data(1, 3000, { w01018: 22, w01001: 7.5 })],
      KNOWN,
    );
    expect(rows).not.toBe(initial);
    expect(rows.get(1)?.values.w01018).toEqual({
      value: 22,
      unit: 'mg/L',
      flag: 'N',
      quality: 'N',
      kind: 'rtd',
      dataTime: 3000,
    });
    expect(rows.get(1)?.values.w01001).toMatchObject({ value: 7.5, kind: 'rtd' });
    expect(rows.get(1)?.dataTime).toBe(3000);
    expect(rows.get(2)).toBe(initial.get(2));
    expect(initial.get(1)?.values.w01018?.value).toBe(20);
    expect(newFactorCodes).toEqual([]);
  });

  it('never lets a backfilled older value replace a newer one', () => {
    const { rows } = mergeMessages(initial, [data(1, 500, { w01018: 1, w01001: 6.5 })], KNOWN);
    expect(rows.get(1)?.values.w01018?.value).toBe(20);
    expect(rows.get(1)?.values.w01001?.value).toBe(7);
    expect(rows.get(1)?.dataTime).toBe(1000);
    const stale = mergeMessages(initial, [data(1, 500, { w01018: 1 })], KNOWN);
    expect(stale.rows).toBe(initial);
  });

  it('follows status changes, ignores unknown devices and reports new factor codes', () => {
    const { rows, newFactorCodes } = mergeMessages(
      initial,
      [
        { type: 'status', deviceId: 2, deviceCode: 'MN-2', online: true, at: 5000 },
        { type: 'status', deviceId: 1, deviceCode: 'MN-1', online: true, at: 5000 },
        data(99, 5000, { w01018: 1 }),
        data(2, 5000, { a21026: 12 }),
      ],
      KNOWN,
    );
    expect(rows.get(2)).toMatchObject({
      online: true,
      changedAt: 5000,
      utcOffsetMinutes: 480,
      dataTime: 5000,
      values: { a21026: { value: 12 } },
    });
    expect(rows.get(1)).toBe(initial.get(1));
    expect(rows.has(99)).toBe(false);
    expect(newFactorCodes).toEqual(['a21026']);
    expect(mergeMessages(initial, [], KNOWN).rows).toBe(initial);
  });

  it('filters by name or code, device type and online state', () => {
    const all = { text: '', deviceType: null, online: null };
    expect(filterRows(initial, all)).toHaveLength(2);
    expect(filterRows(initial, { ...all, text: 'air' }).map((r) => r.deviceId)).toEqual([2]);
    expect(filterRows(initial, { ...all, text: 'mn-1' }).map((r) => r.deviceId)).toEqual([1]);
    expect(filterRows(initial, { ...all, deviceType: '21' }).map((r) => r.deviceId)).toEqual([1]);
    expect(filterRows(initial, { ...all, online: false }).map((r) => r.deviceId)).toEqual([2]);
  });
});
