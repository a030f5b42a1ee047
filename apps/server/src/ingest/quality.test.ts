import type { OutlierBounds } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { assessValue, EMPTY_SERIES, type QualityFlag, type QualityParams, type SeriesState } from './quality.js';

/** Every rule off; each test switches on what it exercises. */
const OFF: QualityParams = {
  rangeMin: null,
  rangeMax: null,
  zeroIsSuspect: false,
  constantCount: 0,
  riseRatio: null,
  dropRatio: null,
};

/** Outlier bounds, open where not given. */
function bounds(b: Partial<OutlierBounds>): OutlierBounds {
  return { abnMin: null, abnMax: null, wnMin: null, wnMax: null, ...b };
}

function params(overrides: Partial<QualityParams>): QualityParams {
  return { ...OFF, ...overrides };
}

/** The flag of `value` right after one previous value `prev`. */
function after(prev: number, value: number, p: QualityParams, outlier: OutlierBounds | null = null): QualityFlag {
  return assessValue(value, p, { last: prev, sameCount: 1 }, outlier).flag;
}

/** Feeds a series from empty; returns each value's flag and the final state. */
function run(
  values: readonly number[],
  p: QualityParams,
  outlier: OutlierBounds | null = null,
): { flags: QualityFlag[]; state: SeriesState } {
  let state = EMPTY_SERIES;
  const flags: QualityFlag[] = [];
  for (const value of values) {
    const result = assessValue(value, p, state, outlier);
    flags.push(result.flag);
    state = result.state;
  }
  return { flags, state };
}

describe('assessValue — single rules', () => {
  it('passes every value as N when every rule is off', () => {
    expect(run([0, -1e9, 1e9, 5, 5, 5, 5, 5, 5, 5, 0.001, 1000], OFF).flags).toEqual(Array(12).fill('N'));
  });

  it('SH1: outside [rangeMin, rangeMax], bounds themselves pass', () => {
    const p = params({ rangeMin: 0, rangeMax: 14 });
    expect(assessValue(-0.01, p, EMPTY_SERIES).flag).toBe('SH1');
    expect(assessValue(0, p, EMPTY_SERIES).flag).toBe('N');
    expect(assessValue(14, p, EMPTY_SERIES).flag).toBe('N');
    expect(assessValue(14.01, p, EMPTY_SERIES).flag).toBe('SH1');
  });

  it('SH1: a null bound is no bound', () => {
    expect(assessValue(-1e12, params({ rangeMax: 14 }), EMPTY_SERIES).flag).toBe('N');
    expect(assessValue(1e12, params({ rangeMin: 0 }), EMPTY_SERIES).flag).toBe('N');
  });

  it('SH1: non-finite values even without bounds', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(assessValue(value, OFF, EMPTY_SERIES).flag).toBe('SH1');
    }
  });

  it('SH2: exactly zero when zero is suspect', () => {
    const p = params({ zeroIsSuspect: true });
    expect(assessValue(0, p, EMPTY_SERIES).flag).toBe('SH2');
    expect(assessValue(-0, p, EMPTY_SERIES).flag).toBe('SH2');
    expect(assessValue(Number('0.000'), p, EMPTY_SERIES).flag).toBe('SH2');
    expect(assessValue(0.001, p, EMPTY_SERIES).flag).toBe('N');
    expect(assessValue(-0.001, p, EMPTY_SERIES).flag).toBe('N');
    expect(assessValue(0, params({ zeroIsSuspect: false }), EMPTY_SERIES).flag).toBe('N');
  });

  it('SH3: the Nth consecutive equal value and every one after it', () => {
    const p = params({ constantCount: 6 });
    expect(run([7.2, 7.2, 7.2, 7.2, 7.2], p).flags).toEqual(['N', 'N', 'N', 'N', 'N']);
    expect(run([7.2, 7.2, 7.2, 7.2, 7.2, 7.2, 7.2], p).flags).toEqual(['N', 'N', 'N', 'N', 'N', 'SH3', 'SH3']);
  });

  it('SH3: a different value restarts the count', () => {
    const p = params({ constantCount: 3 });
    expect(run([1, 1, 1, 2, 2, 1, 1, 1], p).flags).toEqual(['N', 'N', 'SH3', 'N', 'N', 'N', 'N', 'SH3']);
  });

  it('SH3: equality is exact (no epsilon), and equal decimal texts are equal', () => {
    const p = params({ constantCount: 2 });
    expect(run([1.1, 1.1000000001], p).flags).toEqual(['N', 'N']);
    expect(run([Number('12.30'), Number('12.3')], p).flags).toEqual(['N', 'SH3']);
  });

  it('SH3: constantCount 0 is off', () => {
    expect(run(Array<number>(50).fill(3), params({ constantCount: 0 })).flags).toEqual(Array(50).fill('N'));
  });

  it('SH4: relative rise strictly above riseRatio', () => {
    const p = params({ riseRatio: 2 });
    expect(after(10, 30, p)).toBe('N'); // exactly +200 %
    expect(after(10, 30.01, p)).toBe('SH4');
    expect(after(10, 5, p)).toBe('N');
    // |prev|: a rise from a negative value is still a rise.
    expect(after(-10, 15, p)).toBe('SH4'); // (15 − −10) / 10 = 2.5
    expect(after(-10, 10, p)).toBe('N'); // exactly 2
    expect(after(10, 1000, params({ riseRatio: null }))).toBe('N');
  });

  it('SH5: relative drop strictly above dropRatio', () => {
    const p = params({ dropRatio: 0.8 });
    expect(after(10, 2, p)).toBe('N'); // exactly −80 %
    expect(after(10, 1.99, p)).toBe('SH5');
    expect(after(10, 50, p)).toBe('N');
    expect(after(-10, -30, p)).toBe('SH5'); // (−10 − −30) / 10 = 2
    expect(after(-10, -18, p)).toBe('N'); // exactly 0.8
    expect(after(10, 0.001, params({ dropRatio: null }))).toBe('N');
  });

  it('SH4/SH5: never after a previous value of 0, nor for the first value', () => {
    const p = params({ riseRatio: 0.1, dropRatio: 0.1 });
    expect(after(0, 1000, p)).toBe('N');
    expect(after(0, -1000, p)).toBe('N');
    expect(after(-0, 5, p)).toBe('N');
    expect(assessValue(1e9, p, EMPTY_SERIES).flag).toBe('N');
  });

  it('WN outside the suspect interval, ABN outside the outlier interval; bounds themselves pass', () => {
    const b = bounds({ abnMin: 0, wnMin: 1, wnMax: 5, abnMax: 10 });
    const flag = (v: number) => assessValue(v, OFF, EMPTY_SERIES, b).flag;
    expect([-0.01, 0, 0.99, 1, 5, 5.01, 10, 10.01].map(flag)).toEqual(['ABN', 'WN', 'WN', 'N', 'N', 'WN', 'WN', 'ABN']);
    expect(assessValue(-100, OFF, EMPTY_SERIES, bounds({ wnMax: 5 })).flag).toBe('N');
    expect(assessValue(100, OFF, EMPTY_SERIES, bounds({ abnMin: 1 })).flag).toBe('N');
    expect(assessValue(100, OFF, EMPTY_SERIES, null).flag).toBe('N');
  });
});

describe('assessValue — precedence SH1 > SH2 > SH3 > SH4 > SH5 > ABN > WN > N', () => {
  const all = params({
    rangeMin: -100,
    rangeMax: 100,
    zeroIsSuspect: true,
    constantCount: 2,
    riseRatio: 1,
    dropRatio: 0.5,
  });
  const interval = bounds({ abnMin: 5, wnMin: 10, wnMax: 20, abnMax: 30 });
  const afterAll = (prev: number, value: number) => after(prev, value, all, interval);

  it('SH1 beats a rise and an outlier', () => {
    expect(afterAll(50, 150)).toBe('SH1');
  });

  it('SH1 beats zero when zero is out of range', () => {
    expect(after(50, 0, params({ ...all, rangeMin: 1 }))).toBe('SH1');
  });

  it('SH2 beats constant, drop and outlier', () => {
    expect(afterAll(0, 0)).toBe('SH2'); // also the 2nd equal value and below abnMin
    expect(afterAll(15, 0)).toBe('SH2'); // also a −100 % drop
  });

  it('SH3 beats an outlier', () => {
    expect(afterAll(50, 50)).toBe('SH3');
  });

  it('SH4 beats an outlier', () => {
    expect(afterAll(15, 40)).toBe('SH4');
  });

  it('SH5 beats an outlier', () => {
    expect(afterAll(15, 4)).toBe('SH5');
  });

  it('ABN, then WN when nothing stronger matches, N inside everything', () => {
    expect(afterAll(29, 31)).toBe('ABN');
    expect(afterAll(5, 4.5)).toBe('ABN');
    expect(afterAll(24, 25)).toBe('WN');
    expect(afterAll(14, 15)).toBe('N');
  });
});

describe('assessValue — series state', () => {
  it('starts from EMPTY_SERIES and counts equal values', () => {
    const p = params({ constantCount: 6 });
    let state = EMPTY_SERIES;
    const counts: number[] = [];
    for (const value of [4, 4, 4, 5, 5, 4]) {
      state = assessValue(value, p, state).state;
      counts.push(state.sameCount);
    }
    expect(counts).toEqual([1, 2, 3, 1, 2, 1]);
    expect(state).toEqual({ last: 4, sameCount: 1 });
  });

  it('does not change the state it is given, nor EMPTY_SERIES', () => {
    const before = { last: 3, sameCount: 2 };
    const result = assessValue(3, params({ constantCount: 6 }), before);
    expect(before).toEqual({ last: 3, sameCount: 2 });
    expect(result.state).toEqual({ last: 3, sameCount: 3 });
    run([1, 1, 1], OFF);
    expect(EMPTY_SERIES).toEqual({ last: null, sameCount: 0 });
    expect(Object.isFrozen(EMPTY_SERIES)).toBe(true);
  });

  it('leaves the state untouched for an SH1 value', () => {
    const p = params({ rangeMin: 0, rangeMax: 100 });
    const state = { last: 10, sameCount: 4 };
    expect(assessValue(101, p, state)).toEqual({ flag: 'SH1', state: { last: 10, sameCount: 4 } });
    expect(assessValue(Number.NaN, p, state).state).toBe(state);
  });

  it('an SH1 value neither breaks a constant run nor counts in it', () => {
    const p = params({ rangeMax: 100, constantCount: 3 });
    expect(run([5, 5, 999, 5], p).flags).toEqual(['N', 'N', 'SH1', 'SH3']);
    expect(run([5, 999, 999, 5], p).flags).toEqual(['N', 'SH1', 'SH1', 'N']);
  });

  it('rise and drop compare with the last value that was not SH1', () => {
    const p = params({ rangeMax: 100, riseRatio: 2, dropRatio: 0.8 });
    // Without the rule the 10 after 1000 would be a −99 % drop.
    expect(run([10, 1000, 10, 1000, 35], p).flags).toEqual(['N', 'SH1', 'N', 'SH1', 'SH4']);
    expect(run([10, Number.NaN, 1], p).flags).toEqual(['N', 'SH1', 'SH5']);
  });

  it('other flagged values do enter the state', () => {
    // A zero: the next value is compared with 0 (no rise) and a zero run is counted.
    const zero = params({ zeroIsSuspect: true, riseRatio: 2, constantCount: 3 });
    expect(run([10, 0, 100], zero).flags).toEqual(['N', 'SH2', 'N']);
    expect(run([0, 0, 0], zero).state).toEqual({ last: 0, sameCount: 3 });
    // A spike: the value after it is compared with the spike.
    const spike = params({ riseRatio: 2, dropRatio: 0.8 });
    expect(run([10, 40, 7, 7], spike).flags).toEqual(['N', 'SH4', 'SH5', 'N']);
    // An outlier counts towards a constant run.
    expect(run([25, 25, 25], params({ constantCount: 3 }), bounds({ wnMax: 20 })).flags).toEqual(['WN', 'WN', 'SH3']);
  });

  it('a realistic hourly COD series', () => {
    const cod = params({
      rangeMin: 0,
      rangeMax: 2000,
      zeroIsSuspect: true,
      constantCount: 6,
      riseRatio: 2,
      dropRatio: 0.8,
    });
    const values = [12.3, 13.1, 12.8, 45.2, 12.9, 2.1, 0, 12.4, 2500, 12.4, 12.4, 12.4, 12.4, 12.4, 13];
    expect(run(values, cod, bounds({ wnMax: 40 })).flags).toEqual([
      'N', // 12.3
      'N', // 13.1
      'N', // 12.8
      'SH4', // 45.2: +253 % (also above the WN bound 40)
      'N', // 12.9: −71 %, under the 80 % drop threshold
      'SH5', // 2.1: −84 %
      'SH2', // 0
      'N', // 12.4 after 0: no ratio
      'SH1', // 2500
      'N', // 12.4: 2nd equal (the 2500 did not enter)
      'N',
      'N',
      'N', // 5th
      'SH3', // 6th equal 12.4
      'N', // 13: run broken
    ]);
  });
});
