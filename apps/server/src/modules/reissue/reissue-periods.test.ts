import { describe, expect, it } from 'vitest';
import { missingStretches, periodStarts, repairRequests } from './reissue-periods.js';

const BEIJING = { intervalTime: 60, utcOffsetMinutes: 480 };
const at = (iso: string) => Date.parse(iso);

describe('reissue periods', () => {
  it('counts hours with both ends included', () => {
    const starts = periodStarts('2061', BEIJING, at('2026-03-01T00:00:00Z'), at('2026-03-01T03:00:00Z'));
    expect(starts).toEqual([0, 1, 2, 3].map((h) => at(`2026-03-01T0${h}:00:00Z`)));
  });

  it('starts days at the station’s local midnight', () => {
    // 2026-03-01 00:00 in Beijing is 2026-02-28 16:00 UTC.
    const starts = periodStarts('2031', BEIJING, at('2026-02-28T10:00:00Z'), at('2026-03-02T15:59:59Z'));
    expect(starts).toEqual([at('2026-02-28T16:00:00Z'), at('2026-03-01T16:00:00Z')]);
  });

  it('steps minute data by the report interval, never below a minute', () => {
    const begin = at('2026-03-01T00:00:30Z');
    const end = at('2026-03-01T00:20:00Z');
    expect(periodStarts('2051', { intervalTime: 600, utcOffsetMinutes: 480 }, begin, end)).toEqual([
      at('2026-03-01T00:10:00Z'),
      at('2026-03-01T00:20:00Z'),
    ]);
    expect(periodStarts('2051', { intervalTime: 30, utcOffsetMinutes: 480 }, begin, end)).toHaveLength(20);
  });

  it('joins consecutive missing periods into stretches', () => {
    const expected = [1, 2, 3, 4, 5, 6, 7];
    expect(missingStretches(expected, new Set([1, 4, 5]))).toEqual([
      { from: 2, to: 3 },
      { from: 6, to: 7 },
    ]);
    expect(missingStretches(expected, new Set(expected))).toEqual([]);
  });

  it('asks for the whole span when there are more stretches than allowed', () => {
    const stretches = [
      { from: 2, to: 3 },
      { from: 6, to: 7 },
      { from: 9, to: 9 },
    ];
    expect(repairRequests(stretches, 3)).toEqual(stretches);
    expect(repairRequests(stretches, 2)).toEqual([{ from: 2, to: 9 }]);
  });
});
