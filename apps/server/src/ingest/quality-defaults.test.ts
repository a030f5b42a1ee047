import { FACTORS, factorByCode } from '@envmon/hj212';
import { describe, expect, it } from 'vitest';
import { defaultQualityParams, FACTOR_QUALITY_DEFAULTS } from './quality-defaults.js';
import { assessValue, EMPTY_SERIES, type QualityFlag } from './quality.js';

function flagOf(code: string, value: number): QualityFlag {
  return assessValue(value, defaultQualityParams(code), EMPTY_SERIES).flag;
}

describe('FACTOR_QUALITY_DEFAULTS', () => {
  it('has an explicit entry for every catalogue factor', () => {
    const missing = FACTORS.map((factor) => factor.code).filter(
      (code) => !Object.hasOwn(FACTOR_QUALITY_DEFAULTS, code),
    );
    expect(missing).toEqual([]);
  });

  it('has no entry for a code outside the catalogue (a typo would silently never apply)', () => {
    const unknown = Object.keys(FACTOR_QUALITY_DEFAULTS).filter((code) => factorByCode(code)?.code !== code);
    expect(unknown).toEqual([]);
  });

  it.each(FACTORS.map((factor) => [factor.code, factor.en] as const))('%s (%s) has consistent defaults', (code) => {
    const p = defaultQualityParams(code);
    expect(p.rangeMin).not.toBeNull();
    expect(p.rangeMax).not.toBeNull();
    expect(p.rangeMin ?? 0).toBeLessThan(p.rangeMax ?? 0);
    // 1 would flag every value.
    expect(p.constantCount === 0 || p.constantCount >= 2).toBe(true);
    for (const ratio of [p.riseRatio, p.dropRatio]) {
      if (ratio !== null) expect(ratio).toBeGreaterThan(0);
    }
    // A drop ratio of 1 or more could never fire for a non-negative factor.
    if (p.dropRatio !== null) expect(p.dropRatio).toBeLessThan(1);
  });
});

describe('defaultQualityParams', () => {
  it('gives the issue example ranges', () => {
    expect(defaultQualityParams('w01001')).toMatchObject({ rangeMin: 0, rangeMax: 14, zeroIsSuspect: true }); // pH
    expect(defaultQualityParams('w01009')).toMatchObject({ rangeMin: 0, rangeMax: 20 }); // DO
    expect(defaultQualityParams('w01010')).toMatchObject({ rangeMin: -5, rangeMax: 45, zeroIsSuspect: false });
    expect(defaultQualityParams('w01014')).toMatchObject({ rangeMin: 0, rangeMax: 100_000, zeroIsSuspect: true });
    expect(defaultQualityParams('w01003')).toMatchObject({ rangeMin: 0, rangeMax: 4000 }); // turbidity
    expect(defaultQualityParams('a01002')).toMatchObject({ rangeMin: 0, rangeMax: 100, zeroIsSuspect: true });
    expect(defaultQualityParams('a01008')).toMatchObject({ rangeMin: 0, rangeMax: 360, riseRatio: null });
  });

  it('uses the catalogue units: pressure in kPa, so an hPa reading is unreasonable', () => {
    expect(factorByCode('a01006')?.unit).toBe('kPa');
    expect(flagOf('a01006', 101.325)).toBe('N');
    expect(flagOf('a01006', 1013.25)).toBe('SH1');
  });

  it('treats zero as suspect for concentrations and as normal for wind, flow and temperatures', () => {
    for (const code of ['w01018', 'w21003', 'w01001', 'w01014', 'a34004', 'a21026', 'a01002']) {
      expect([code, flagOf(code, 0)]).toEqual([code, 'SH2']);
    }
    for (const code of ['a01007', 'a01008', 'w00000', 'w01010', 'a01001']) {
      expect([code, flagOf(code, 0)]).toEqual([code, 'N']);
    }
  });

  it('flags a stuck analyser after 6 equal values but not a calm, steady wind', () => {
    const cod = defaultQualityParams('w01018');
    const wind = defaultQualityParams('a01007');
    let codState = EMPTY_SERIES;
    let windState = EMPTY_SERIES;
    const codFlags: QualityFlag[] = [];
    const windFlags: QualityFlag[] = [];
    for (let i = 0; i < 8; i += 1) {
      const c = assessValue(15.2, cod, codState);
      codState = c.state;
      codFlags.push(c.flag);
      const w = assessValue(0, wind, windState);
      windState = w.state;
      windFlags.push(w.flag);
    }
    expect(codFlags).toEqual(['N', 'N', 'N', 'N', 'N', 'SH3', 'SH3', 'SH3']);
    expect(windFlags).toEqual(Array(8).fill('N'));
  });

  it('flags sudden concentration changes but not temperature swings across zero', () => {
    expect(assessValue(40, defaultQualityParams('w21003'), { last: 10, sameCount: 1 }).flag).toBe('SH4');
    expect(assessValue(1.5, defaultQualityParams('w21003'), { last: 10, sameCount: 1 }).flag).toBe('SH5');
    expect(assessValue(3, defaultQualityParams('a01001'), { last: -0.5, sameCount: 1 }).flag).toBe('N');
    // pH: 7 → 9.5 is sudden although far below the concentration ratio.
    expect(assessValue(9.5, defaultQualityParams('w01001'), { last: 7, sameCount: 1 }).flag).toBe('SH4');
    expect(assessValue(7.4, defaultQualityParams('w01001'), { last: 7, sameCount: 1 }).flag).toBe('N');
  });

  it('accepts legacy HJ/T 212-2005 codes', () => {
    expect(defaultQualityParams('011')).toEqual(defaultQualityParams('w01018')); // COD
    expect(defaultQualityParams('B01')).toEqual(defaultQualityParams('w00000')); // flow
  });

  it('gives unknown codes only the stuck-value check', () => {
    expect(defaultQualityParams('a99054')).toEqual({
      rangeMin: null,
      rangeMax: null,
      zeroIsSuspect: false,
      constantCount: 6,
      riseRatio: null,
      dropRatio: null,
    });
    expect(defaultQualityParams('toString')).toEqual(defaultQualityParams('a99054'));
  });

  it('returns a fresh object the caller may change', () => {
    const p = defaultQualityParams('w01018');
    p.rangeMax = 30;
    expect(defaultQualityParams('w01018').rangeMax).toBe(2000);
    const generic = defaultQualityParams('x00000');
    generic.rangeMax = 1;
    expect(defaultQualityParams('x00000').rangeMax).toBeNull();
  });
});
