import type { DeviceFactor } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { byDisplayOrder, replaceItem, toFactorItem, withAdded, withoutItem } from './factor-items';

const row = (factorCode: string, displayOrder: number, extra: Partial<DeviceFactor> = {}): DeviceFactor => ({
  id: displayOrder,
  deviceId: 7,
  deviceCode: 'MN0001',
  deviceName: '水站',
  factorCode,
  factorName: factorCode,
  factorNameEn: factorCode,
  unit: null,
  factorUnit: 'mg/L',
  standardLimit: null,
  displayOrder,
  rangeMin: null,
  rangeMax: null,
  zeroIsSuspect: null,
  constantCount: null,
  riseRatio: null,
  dropRatio: null,
  ...extra,
});

const ROWS = [row('w01001', 1, { standardLimit: 9, unit: 'pH' }), row('w01009', 2, { rangeMin: 0, rangeMax: 20 })];

describe('device factor list updates (the update replaces the whole list)', () => {
  it('keeps every setting of the untouched rows', () => {
    expect(toFactorItem(ROWS[1] as DeviceFactor)).toEqual({
      factorCode: 'w01009',
      unit: null,
      standardLimit: null,
      displayOrder: 2,
      rangeMin: 0,
      rangeMax: 20,
      zeroIsSuspect: null,
      constantCount: null,
      riseRatio: null,
      dropRatio: null,
    });
  });

  it('replaces one item by code', () => {
    const edited = { ...toFactorItem(ROWS[0] as DeviceFactor), standardLimit: 6.5 };
    const items = replaceItem(ROWS, edited);
    expect(items.map((i) => i.standardLimit)).toEqual([6.5, null]);
    expect(items[1]?.rangeMax).toBe(20);
  });

  it('removes one item by code', () => {
    expect(withoutItem(ROWS, 'w01001').map((i) => i.factorCode)).toEqual(['w01009']);
  });

  it('adds new codes at the end in the chosen order, skipping codes already there', () => {
    const items = withAdded(ROWS, ['a21026', 'w01001', 'a21004']);
    expect(items.map((i) => [i.factorCode, i.displayOrder])).toEqual([
      ['w01001', 1],
      ['w01009', 2],
      ['a21026', 3],
      ['a21004', 4],
    ]);
    expect(items[2]?.unit).toBeNull();
  });

  it('starts at 1 on an empty list', () => {
    expect(withAdded([], ['a21026']).map((i) => i.displayOrder)).toEqual([1]);
  });

  it('sorts by display order, then code', () => {
    const sorted = [row('b', 2), row('c', 1), row('a', 2)].sort(byDisplayOrder);
    expect(sorted.map((r) => r.factorCode)).toEqual(['c', 'a', 'b']);
  });
});
