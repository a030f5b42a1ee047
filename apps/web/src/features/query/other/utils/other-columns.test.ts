import { describe, expect, it } from 'vitest';
import { OTHER_COLUMNS, otherValueText } from './other-columns';

describe('other data columns', () => {
  it('shows the restart time as a time, other values as sent', () => {
    const format = (ms: number) => `t${ms}`;
    expect(otherValueText('restart', '1767223800000', format)).toBe('t1767223800000');
    expect(otherValueText('restart', '2026xx', format)).toBe('2026xx');
    expect(otherValueText('runTime', '23.5', format)).toBe('23.5');
    expect(otherValueText('info', null, format)).toBe('-');
  });
  it('gives 3020 its info code column only', () => {
    expect(OTHER_COLUMNS.info).toContain('infoId');
    expect(OTHER_COLUMNS.runState).not.toContain('infoId');
  });
});
