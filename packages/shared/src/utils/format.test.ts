import { describe, expect, it } from 'vitest';
import { formatNumberSuffix, formatThousands, timeAgo } from './format.js';

describe('timeAgo', () => {
  const now = Date.UTC(2026, 0, 2, 12);
  it('counts minutes under an hour', () => {
    expect(timeAgo(now - 59 * 60_000, now)).toEqual({ unit: 'minute', value: 59 });
    expect(timeAgo(now, now)).toEqual({ unit: 'minute', value: 0 });
  });
  it('counts hours under a day', () => {
    expect(timeAgo(now - 60 * 60_000, now)).toEqual({ unit: 'hour', value: 1 });
    expect(timeAgo(now - 23.9 * 3_600_000, now)).toEqual({ unit: 'hour', value: 23 });
  });
  it('counts days from a day on', () => {
    expect(timeAgo(now - 24 * 3_600_000, now)).toEqual({ unit: 'day', value: 1 });
    expect(timeAgo(now - 10 * 86_400_000, now)).toEqual({ unit: 'day', value: 10 });
  });
  it('treats a future time as now', () => {
    expect(timeAgo(now + 5000, now)).toEqual({ unit: 'minute', value: 0 });
  });
});

describe('formatNumberSuffix', () => {
  it.each([
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [2_500_000, '2.5M'],
    [5e9, '5G'],
    [7e12, '7T'],
    [3e15, '3P'],
    [1e18, '1E'],
    [-1500, '-1.5k'],
  ])('%d → %s', (input, expected) => {
    expect(formatNumberSuffix(input)).toBe(expected);
  });
});

describe('formatThousands', () => {
  it('groups the integer part only', () => {
    expect(formatThousands(1234567.891)).toBe('1,234,567.891');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands('-1234')).toBe('-1,234');
  });
});
