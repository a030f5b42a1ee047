import { describe, expect, it } from 'vitest';
import { nonEmptyParams } from './export-params';

describe('export parameters', () => {
  const filters = { userName: ' ad ', name: '', ifValid: 0, roleId: undefined, remark: null, blank: '   ' };

  it('keeps only non-empty filters, trimmed (0 is a value)', () => {
    expect(nonEmptyParams(filters)).toEqual({ userName: 'ad', ifValid: '0' });
    expect(nonEmptyParams({})).toEqual({});
  });
});
