import { dataRuleInputSchema, dataRulesUpdateSchema, unitFactor } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { applyRule, applyRules, clean, type DataRule, inApplyOrder, roundGbt8170 } from './data-rules.js';

const rule = (r: Partial<DataRule> & Pick<DataRule, 'symbol'>): DataRule => ({
  k: null,
  b: null,
  fromUnit: null,
  toUnit: null,
  mode: null,
  limit: null,
  fixedValue: null,
  decimals: null,
  ...r,
});

describe('roundGbt8170 (四舍六入五成双)', () => {
  it.each([
    // Below five: down; above five: up.
    [12.344, 2, 12.34],
    [12.346, 2, 12.35],
    [0.0004, 2, 0],
    // Exactly five, nothing after it: to the even neighbour.
    [12.345, 2, 12.34],
    [12.355, 2, 12.36],
    [12.365, 2, 12.36],
    [0.125, 2, 0.12],
    [0.135, 2, 0.14],
    [0.005, 2, 0],
    [0.015, 2, 0.02],
    [2.5, 0, 2],
    [3.5, 0, 4],
    [10.5, 0, 10],
    [1.05, 1, 1],
    [1.15, 1, 1.2],
    // Five followed by a non-zero digit: up (五后有数进一).
    [12.3451, 2, 12.35],
    [2.50001, 0, 3],
    [1.0500001, 1, 1.1],
    // Trailing zeros after the five change nothing.
    [12.345, 2, 12.34],
    [12.345, 2, 12.34],
    // Decimal digits, not binary halves: the double nearest 2.675 is 2.67499999…, still five after the 7.
    [2.675, 2, 2.68],
    [1.005, 2, 1],
    [8.325, 2, 8.32],
    // Already short enough: unchanged.
    [12.3, 2, 12.3],
    [7, 0, 7],
    // Several dropped digits.
    [15.4546, 1, 15.5],
    [15.4546, 0, 15],
    [0.000_015, 5, 0.00002],
    [0.000_025, 5, 0.00002],
  ])('%d at %d decimals is %d', (x, decimals, expected) => {
    expect(roundGbt8170(x, decimals)).toBe(expected);
  });

  it('rounds a negative value as its absolute value, with the sign given back', () => {
    expect(roundGbt8170(-12.345, 2)).toBe(-12.34);
    expect(roundGbt8170(-12.355, 2)).toBe(-12.36);
    expect(roundGbt8170(-12.3451, 2)).toBe(-12.35);
    expect(Object.is(roundGbt8170(-0.004, 2), 0)).toBe(true);
  });

  it('reads very small and large values through their exponent', () => {
    expect(roundGbt8170(1.5e-7, 7)).toBe(2e-7);
    expect(roundGbt8170(2.5e-7, 7)).toBe(2e-7);
    expect(roundGbt8170(1.25e21, 0)).toBe(1.25e21);
  });

  it('ignores the binary noise arithmetic leaves before judging the five', () => {
    // 1.1 × 3 × 1.125 = 3.7125 in decimals; the double product is 3.7125000000000004.
    const product = 1.1 * 3 * 1.125;
    expect(product).not.toBe(3.7125);
    expect(roundGbt8170(product, 3)).toBe(3.712);
    expect(clean(0.1 + 0.2)).toBe(0.3);
  });

  it('keeps what is not finite', () => {
    expect(roundGbt8170(Number.NaN, 2)).toBeNaN();
    expect(roundGbt8170(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('applyRule', () => {
  it('converts units within a family', () => {
    const toMg = rule({ symbol: 'unit', fromUnit: 'µg/m³', toUnit: 'mg/m³' });
    expect(applyRule(12.3, toMg, null)).toBe(0.0123);
    expect(applyRule(35, rule({ symbol: 'unit', fromUnit: 'mg/L', toUnit: 'µg/L' }), null)).toBe(35000);
    expect(applyRule(1.2, rule({ symbol: 'unit', fromUnit: 'ug/m3', toUnit: 'mg/m3' }), null)).toBe(0.0012);
    expect(applyRule(2, rule({ symbol: 'unit', fromUnit: 'L/s', toUnit: 'm³/h' }), null)).toBe(7.2);
    expect(applyRule(1013.2, rule({ symbol: 'unit', fromUnit: 'hPa', toUnit: 'kPa' }), null)).toBe(101.32);
    // Units of different families: left as it is (the schema refuses such a rule).
    expect(applyRule(5, rule({ symbol: 'unit', fromUnit: 'mg/L', toUnit: 'mg/m³' }), null)).toBe(5);
    expect(unitFactor('mg/L', 'mg/m³')).toBeNull();
  });

  it('corrects linearly, without binary noise', () => {
    const linear = rule({ symbol: 'linear', k: 1.1, b: -0.2 });
    expect(applyRule(3, linear, null)).toBe(3.1);
    expect(applyRule(0, linear, null)).toBe(-0.2);
    expect(applyRule(null, linear, null)).toBeNull();
  });

  it('handles negative values as configured', () => {
    expect(applyRule(-0.3, rule({ symbol: 'negative', mode: 'zero' }), null)).toBe(0);
    expect(applyRule(-0.3, rule({ symbol: 'negative', mode: 'null' }), null)).toBeNull();
    expect(applyRule(-0.3, rule({ symbol: 'negative', mode: 'keep' }), null)).toBe(-0.3);
    expect(applyRule(0.3, rule({ symbol: 'negative', mode: 'null' }), null)).toBe(0.3);
    expect(applyRule(0, rule({ symbol: 'negative', mode: 'null' }), null)).toBe(0);
  });

  it('replaces a value below the detection limit as configured, and only below it', () => {
    const dl = (mode: DataRule['mode'], fixedValue: number | null = null) =>
      rule({ symbol: 'detectionLimit', limit: 0.05, mode, fixedValue });
    expect(applyRule(0.01, dl('limit'), null)).toBe(0.05);
    expect(applyRule(0.01, dl('half'), null)).toBe(0.025);
    expect(applyRule(0.01, dl('fixed', 0.001), null)).toBe(0.001);
    expect(applyRule(0.01, dl('null'), null)).toBeNull();
    expect(applyRule(0.05, dl('null'), null)).toBe(0.05);
    expect(applyRule(0.2, dl('half'), null)).toBe(0.2);
  });

  it('rounds to the rule’s decimals, or the factor’s', () => {
    expect(applyRule(12.345, rule({ symbol: 'round', decimals: 2 }), 3)).toBe(12.34);
    expect(applyRule(12.3451, rule({ symbol: 'round' }), 2)).toBe(12.35);
    expect(applyRule(12.3451, rule({ symbol: 'round' }), null)).toBe(12.3451);
  });
});

describe('applyRules', () => {
  it('applies conversion → linear → negatives → detection limit → rounding, whatever order they were given in', () => {
    const rules = inApplyOrder([
      rule({ symbol: 'round', decimals: 3 }),
      rule({ symbol: 'detectionLimit', limit: 0.004, mode: 'half' }),
      rule({ symbol: 'negative', mode: 'zero' }),
      rule({ symbol: 'linear', k: 1.05, b: -0.001 }),
      rule({ symbol: 'unit', fromUnit: 'µg/m³', toUnit: 'mg/m³' }),
    ]);
    expect(rules.map((r) => r.symbol)).toEqual(['unit', 'linear', 'negative', 'detectionLimit', 'round']);
    // 25 µg/m³ → 0.025 mg/m³ → 1.05 × 0.025 − 0.001 = 0.02525 → ≥ 0.004 → 0.025 (5 alone after the even 2).
    expect(applyRules(25, { rules, factorDecimals: null })).toBe(0.025);
    // 0.5 → 0.0005 → −0.000475 → 0 → below 0.004: 0.002 → 0.002.
    expect(applyRules(0.5, { rules, factorDecimals: null })).toBe(0.002);
    expect(applyRules(null, { rules, factorDecimals: null })).toBeNull();
  });
});

describe('the rule schemas', () => {
  it('ask for each symbol’s parameters and drop the others', () => {
    const linear = dataRuleInputSchema.safeParse({ deviceId: 1, factorCode: 'w01018', symbol: 'linear', k: 2 });
    expect(linear.success).toBe(false);
    expect(linear.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['b', 'validation.required']]);
    const ok = dataRuleInputSchema.parse({
      deviceId: 1,
      factorCode: 'w01018',
      symbol: 'linear',
      k: 2,
      b: 0,
      limit: 4,
      mode: 'zero',
    });
    expect(ok).toMatchObject({ k: 2, b: 0, limit: null, mode: null });
  });

  it('refuse units of different families and modes of another symbol', () => {
    const units = dataRuleInputSchema.safeParse({
      deviceId: 1,
      factorCode: 'w01018',
      symbol: 'unit',
      fromUnit: 'mg/L',
      toUnit: 'mg/m³',
    });
    expect(units.error?.issues.map((i) => i.message)).toEqual(['regular.validation.units']);
    const mode = dataRuleInputSchema.safeParse({ deviceId: 1, factorCode: 'w01018', symbol: 'negative', mode: 'half' });
    expect(mode.success).toBe(false);
    const fixed = dataRuleInputSchema.safeParse({
      deviceId: 1,
      factorCode: 'w01018',
      symbol: 'detectionLimit',
      limit: 0.1,
      mode: 'fixed',
    });
    expect(fixed.error?.issues.map((i) => i.path.join('.'))).toEqual(['fixedValue']);
  });

  it('refuse two rules of one symbol for one factor in a device’s list', () => {
    const twice = dataRulesUpdateSchema.safeParse({
      deviceId: 1,
      rules: [
        { factorCode: 'w01018', symbol: 'round' },
        { factorCode: 'w01018', symbol: 'round', decimals: 1 },
      ],
    });
    expect(twice.error?.issues.map((i) => i.message)).toEqual(['regular.validation.duplicate']);
  });
});
