import { describe, expect, it } from 'vitest';
import { THRESHOLD_OPERATOR, thresholdBroken } from './alarm.js';
import { overflowExceeded, WATER_CLASS_INFERIOR, waterClassOf, type WaterClassLimits } from './realtime.js';

/** As the seed stores GB 3838-2002: class I to V, pH as a range only. */
const limits = (classLimits: (number | null)[], range: [number, number] | null = null): WaterClassLimits => ({
  factorCode: 'x',
  classLimits,
  rangeMin: range?.[0] ?? null,
  rangeMax: range?.[1] ?? null,
});
const COD = limits([15, 15, 20, 30, 40]);
const DO = limits([7.5, 6, 5, 3, 2]);
const PH = limits([null, null, null, null, null], [6, 9]);

describe('surface-water class', () => {
  it('gives the best class whose limit a lower-is-better value keeps (COD), inferior V past class V', () => {
    expect(waterClassOf(COD, 3)).toBe(1);
    expect(waterClassOf(COD, 15)).toBe(1);
    expect(waterClassOf(COD, 15.1)).toBe(3);
    expect(waterClassOf(COD, 30)).toBe(4);
    expect(waterClassOf(COD, 40)).toBe(5);
    expect(waterClassOf(COD, 40.01)).toBe(WATER_CLASS_INFERIOR);
  });

  it('runs the other way for higher-is-better dissolved oxygen', () => {
    expect(waterClassOf(DO, 8)).toBe(1);
    expect(waterClassOf(DO, 7.5)).toBe(1);
    expect(waterClassOf(DO, 7.4)).toBe(2);
    expect(waterClassOf(DO, 5)).toBe(3);
    expect(waterClassOf(DO, 2)).toBe(5);
    expect(waterClassOf(DO, 1.9)).toBe(WATER_CLASS_INFERIOR);
  });

  it('treats pH as one range for every class: inside meets class I, outside is inferior V', () => {
    expect(waterClassOf(PH, 6)).toBe(1);
    expect(waterClassOf(PH, 9)).toBe(1);
    expect(waterClassOf(PH, 5.9)).toBe(WATER_CLASS_INFERIOR);
    expect(waterClassOf(PH, 9.1)).toBe(WATER_CLASS_INFERIOR);
  });

  it('has no class without a value, without limits, or with neither class limits nor a range', () => {
    expect(waterClassOf(COD, null)).toBeNull();
    expect(waterClassOf(COD, Number.NaN)).toBeNull();
    expect(waterClassOf(undefined, 3)).toBeNull();
    expect(waterClassOf(limits([null, null, null, null, null]), 3)).toBeNull();
  });
});

describe('threshold operators', () => {
  it.each([
    [THRESHOLD_OPERATOR.gt, 2, false, 2.1, true],
    [THRESHOLD_OPERATOR.lt, 2, false, 1.9, true],
    [THRESHOLD_OPERATOR.gte, 1.9, false, 2, true],
    [THRESHOLD_OPERATOR.lte, 2.1, false, 2, true],
  ])('operator %i against 2: %f → %s, %f → %s', (operator, calm, calmBroken, high, highBroken) => {
    expect(thresholdBroken(operator, calm, 2, null)).toBe(calmBroken);
    expect(thresholdBroken(operator, high, 2, null)).toBe(highBroken);
  });

  it('reads 5 as outside the open range and 6 as inside the closed one; a missing limit never breaks', () => {
    expect(thresholdBroken(THRESHOLD_OPERATOR.notIn, 6, 6, 9)).toBe(true);
    expect(thresholdBroken(THRESHOLD_OPERATOR.notIn, 7, 6, 9)).toBe(false);
    expect(thresholdBroken(THRESHOLD_OPERATOR.in, 9, 6, 9)).toBe(true);
    expect(thresholdBroken(THRESHOLD_OPERATOR.in, 9.5, 6, 9)).toBe(false);
    expect(thresholdBroken(THRESHOLD_OPERATOR.in, 7, 6, null)).toBe(false);
    expect(thresholdBroken(THRESHOLD_OPERATOR.gt, 7, null, null)).toBe(false);
  });

  it('gives an overflow state only with a value', () => {
    const overflow = { operator: THRESHOLD_OPERATOR.gt, limit1: 2.5, limit2: null };
    expect(overflowExceeded(overflow, 3)).toBe(true);
    expect(overflowExceeded(overflow, 2)).toBe(false);
    expect(overflowExceeded(overflow, null)).toBeNull();
    expect(overflowExceeded(overflow, undefined)).toBeNull();
  });
});
