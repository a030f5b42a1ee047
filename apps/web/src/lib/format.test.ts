import { describe, expect, it } from 'vitest';
import { formatUtcOffset, formatValue, optionalNumber } from './format';

describe('detail formatting', () => {
  it('writes a value with the factor’s decimals, or as stored without them', () => {
    expect(formatValue(7.125, 2)).toBe('7.13');
    expect(formatValue(7, 3)).toBe('7.000');
    expect(formatValue(7.1234, null)).toBe('7.1234');
    expect(formatValue(null, 2)).toBe('-');
  });

  it('writes a station clock offset as UTC±hh:mm', () => {
    expect(formatUtcOffset(480)).toBe('UTC+08:00');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(-330)).toBe('UTC-05:30');
    expect(formatUtcOffset(345)).toBe('UTC+05:45');
  });

  it('marks absent numbers', () => {
    expect(optionalNumber(null)).toBe('-');
    expect(optionalNumber(0)).toBe('0');
  });
});
