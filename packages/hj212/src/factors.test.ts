import { describe, expect, it } from 'vitest';
import { FACTORS, factorByCode, factorsOfKind, normaliseFactorCode } from './factors.js';

describe('factor catalogue', () => {
  it('has unique 2017 codes and unique legacy codes that collide with no 2017 code', () => {
    const codes = FACTORS.map((factor) => factor.code);
    const legacy = FACTORS.flatMap((factor) => (factor.legacyCode === undefined ? [] : [factor.legacyCode]));
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(legacy).size).toBe(legacy.length);
    expect(legacy.filter((code) => codes.includes(code))).toEqual([]);
  });

  it('holds the 15 water and 20 air codes of HJ212.md §12', () => {
    expect(FACTORS).toHaveLength(35);
    expect(factorsOfKind('water')).toHaveLength(15);
    expect(factorsOfKind('air')).toHaveLength(20);
    expect(factorsOfKind('water').every((factor) => factor.code.startsWith('w'))).toBe(true);
    expect(factorsOfKind('air').every((factor) => factor.code.startsWith('a'))).toBe(true);
  });

  it('gives every entry a 2017 code, names and, where the document has one, a unit', () => {
    for (const factor of FACTORS) {
      expect(factor.code).toMatch(/^[wa]\d{5}$/);
      expect(factor.zh.trim()).not.toBe('');
      expect(factor.en.trim()).not.toBe('');
      if (factor.unit !== undefined) expect(factor.unit.trim()).not.toBe('');
    }
    const withoutUnit = FACTORS.filter((factor) => factor.unit === undefined).map((factor) => factor.code);
    expect(withoutUnit).toEqual(['a34005', 'a21001', 'a05024']);
  });

  it('reads decimal places from the data type', () => {
    expect(factorByCode('w01001')).toMatchObject({ dataType: 'N2.2', decimals: 2 });
    expect(factorByCode('w01012')).toMatchObject({ dataType: 'N4', decimals: 0 });
    expect(factorByCode('a24088')).toMatchObject({ dataType: 'N7.3', decimals: 3 });
    expect(factorByCode('w01003')?.decimals).toBeUndefined();
    for (const factor of FACTORS) {
      expect(factor.decimals === undefined).toBe(factor.dataType === undefined);
    }
  });

  it('marks the de-facto codes that are not in the 2017 tables', () => {
    expect(FACTORS.filter((factor) => !factor.inStandardTable).map((factor) => factor.code)).toEqual([
      'w01003',
      'a05024',
    ]);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(FACTORS)).toBe(true);
    expect(FACTORS.every((factor) => Object.isFrozen(factor))).toBe(true);
  });
});

describe('legacy HJ/T 212-2005 codes', () => {
  const legacyToCode: readonly (readonly [string, string])[] = [
    ['001', 'w01001'],
    ['011', 'w01018'],
    ['060', 'w21003'],
    ['065', 'w21001'],
    ['101', 'w21011'],
    ['015', 'w01020'],
    ['B01', 'w00000'],
    ['003', 'w01012'],
    ['080', 'w22001'],
    ['110', 'w23002'],
    ['01', 'a34013'],
    ['02', 'a21026'],
    ['03', 'a21002'],
    ['04', 'a21005'],
    ['05', 'a21028'],
    ['10', 'a21001'],
    ['S01', 'a19001'],
  ];

  it.each(legacyToCode)('maps %s to %s', (legacy, code) => {
    expect(normaliseFactorCode(legacy)).toBe(code);
    expect(factorByCode(legacy)?.code).toBe(code);
    expect(factorByCode(legacy)).toBe(factorByCode(code));
  });

  it('covers every legacy code in the catalogue', () => {
    const catalogued = FACTORS.flatMap((factor) =>
      factor.legacyCode === undefined ? [] : [[factor.legacyCode, factor.code] as const],
    );
    expect([...catalogued].sort()).toEqual([...legacyToCode].sort());
  });

  it('names the section 14 examples by their entries', () => {
    expect(factorByCode('011')).toMatchObject({ symbol: 'COD', zh: '化学需氧量' });
    expect(factorByCode('060')).toMatchObject({ symbol: 'NH3-N', zh: '氨氮' });
    expect(factorByCode('B01')).toMatchObject({ zh: '污水', unit: 'L/s', loadUnit: 'm³' });
    expect(factorByCode('S01')).toMatchObject({ symbol: 'O2' });
  });
});

describe('lookups', () => {
  it('returns 2017 codes unchanged', () => {
    for (const factor of FACTORS) expect(normaliseFactorCode(factor.code)).toBe(factor.code);
  });

  it('passes unknown codes through unchanged and finds no factor for them', () => {
    for (const code of ['a99054', 'w01016', '023', '802', 'B02', 'xyz', '', 'W01018', 'b01', 's01']) {
      expect(normaliseFactorCode(code)).toBe(code);
      expect(factorByCode(code)).toBeUndefined();
    }
  });

  it('finds 2017 codes', () => {
    expect(factorByCode('w01018')).toMatchObject({ kind: 'water', en: 'Chemical oxygen demand', unit: 'mg/L' });
    expect(factorByCode('a05024')).toMatchObject({ kind: 'air', en: 'Ozone', zh: '臭氧' });
  });
});
