import { describe, expect, it } from 'vitest';
import {
  type OutlierRule,
  outlierApplySchema,
  outlierFlag,
  outlierIntervalInputSchema,
  pickOutlierRule,
} from './outlier-interval.js';

const OPEN = { abnMin: null, abnMax: null, wnMin: null, wnMax: null };

describe('outlierFlag', () => {
  const b = { abnMin: 0, wnMin: 2, wnMax: 8, abnMax: 10 };

  it('ABN outside the outlier interval, WN outside the suspect one, N inside; bounds pass', () => {
    const values = [-0.5, 0, 1.9, 2, 5, 8, 8.1, 10, 10.5];
    expect(values.map((v) => outlierFlag(v, b))).toEqual(['ABN', 'WN', 'WN', 'N', 'N', 'N', 'WN', 'WN', 'ABN']);
  });

  it('open sides judge nothing, and no interval is N', () => {
    expect(outlierFlag(-1e9, { ...OPEN, abnMax: 10 })).toBe('N');
    expect(outlierFlag(1e9, { ...OPEN, wnMin: 1 })).toBe('N');
    expect(outlierFlag(11, { ...OPEN, wnMax: 10 })).toBe('WN');
    expect(outlierFlag(1e9, null)).toBe('N');
  });
});

describe('pickOutlierRule', () => {
  const rule = (deviceId: number | null, months: number[], abnMax: number): OutlierRule => ({
    ...OPEN,
    deviceId,
    factorCode: 'w01018',
    months,
    abnMax,
  });
  const factorYear = rule(null, [], 1);
  const factorSummer = rule(null, [6, 7, 8], 2);
  const deviceYear = rule(7, [], 3);
  const deviceJuly = rule(7, [7], 4);
  const all = [deviceJuly, factorYear, deviceYear, factorSummer];
  const pick = (rules: OutlierRule[], device: number, month: number) =>
    pickOutlierRule(rules, device, 'w01018', month)?.abnMax ?? null;

  it('device × month, then device × year, then factor × month, then factor × year', () => {
    expect(pick(all, 7, 7)).toBe(4);
    expect(pick(all, 7, 6)).toBe(3); // the station's all-year interval replaces the factor's summer one
    expect(pick(all, 7, 1)).toBe(3);
    expect(pick(all, 8, 7)).toBe(2); // another station: the factor's
    expect(pick(all, 8, 1)).toBe(1);
    expect(pick([deviceJuly, factorYear], 7, 8)).toBe(1); // the station has nothing for August
  });

  it('only the factor asked for, nothing when nothing holds', () => {
    expect(pickOutlierRule(all, 7, 'w01001', 7)).toBeNull();
    expect(pick([factorSummer], 8, 12)).toBeNull();
    expect(pick([], 8, 12)).toBeNull();
  });
});

describe('outlierIntervalInputSchema', () => {
  const parse = (input: object) => outlierIntervalInputSchema.safeParse({ factorCode: 'w01018', ...input });
  const messages = (input: object) => {
    const result = parse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('takes a suspect interval inside the outlier interval, months sorted once each, blanks as open', () => {
    const result = parse({ abnMin: 0, abnMax: 100, wnMin: 0, wnMax: '', months: [8, 6, 6, 7] });
    expect(result.success && result.data).toMatchObject({
      deviceId: null,
      months: [6, 7, 8],
      abnMin: 0,
      abnMax: 100,
      wnMin: 0,
      wnMax: null,
    });
  });

  it('refuses no bound, min not below max, and a suspect interval reaching outside', () => {
    expect(messages({})).toEqual(['abnMin:validation.outlierNoBound']);
    expect(messages({ abnMin: 5, abnMax: 5 })).toEqual(['abnMax:validation.outlierOrder']);
    expect(messages({ wnMin: 6, wnMax: 5 })).toEqual(['wnMax:validation.outlierOrder']);
    expect(messages({ abnMin: 1, wnMin: 0.5 })).toEqual(['wnMin:validation.outlierInside']);
    expect(messages({ abnMax: 10, wnMax: 11 })).toEqual(['wnMax:validation.outlierInside']);
    expect(messages({ abnMax: 10, wnMin: 10 })).toEqual(['wnMin:validation.outlierInside']);
    expect(messages({ abnMin: 10, wnMax: 10 })).toEqual(['wnMax:validation.outlierInside']);
  });

  it('refuses months outside 1–12', () => {
    expect(messages({ abnMax: 1, months: [0] })).toEqual(['months.0:validation.min']);
    expect(messages({ abnMax: 1, months: [13] })).toEqual(['months.0:validation.max']);
  });
});

describe('outlierApplySchema', () => {
  it('needs a kind, an end after the begin and at most a year', () => {
    const day = 86_400_000;
    const ok = outlierApplySchema.safeParse({ kinds: ['hour'], beginTime: 0, endTime: day });
    expect(ok.success && ok.data).toMatchObject({ deviceIds: [], factorCodes: [] });
    expect(outlierApplySchema.safeParse({ kinds: [], beginTime: 0, endTime: day }).success).toBe(false);
    expect(outlierApplySchema.safeParse({ kinds: ['day'], beginTime: day, endTime: day }).success).toBe(false);
    expect(outlierApplySchema.safeParse({ kinds: ['day'], beginTime: 0, endTime: 367 * day }).success).toBe(false);
  });
});
