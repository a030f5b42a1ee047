import { describe, expect, it } from 'vitest';
import { cellValue, formatDateTime, translate } from './crud.export.js';

describe('cellValue', () => {
  it('labels vocabulary values in the requested language', () => {
    const column = { name: 'ifValid', label: 'x', kind: 'vocabulary', vocabulary: 'validFlag' } as const;
    expect(cellValue(column, 1, 'zh-CN')).toBe('有效');
    expect(cellValue(column, 0, 'en-US')).toBe('Invalid');
  });

  it('writes times readably, booleans as words, lists as counts, and keeps empty cells empty', () => {
    const at = new Date(2025, 0, 2, 3, 4, 5).getTime();
    expect(cellValue({ name: 't', label: 'x', kind: 'datetime' }, at, 'zh-CN')).toBe('2025-01-02 03:04:05');
    expect(formatDateTime(at)).toBe('2025-01-02 03:04:05');
    expect(cellValue({ name: 'b', label: 'x', kind: 'boolean' }, true, 'zh-CN')).toBe('是');
    expect(cellValue({ name: 'b', label: 'x', kind: 'boolean' }, false, 'en-US')).toBe('No');
    expect(cellValue({ name: 'c', label: 'x', kind: 'count' }, [1, 2, 3], 'zh-CN')).toBe(3);
    expect(cellValue({ name: 'n', label: 'x', kind: 'text' }, null, 'zh-CN')).toBeNull();
    expect(cellValue({ name: 'n', label: 'x', kind: 'text' }, 7, 'zh-CN')).toBe(7);
  });
});

describe('cellValue of a list', () => {
  it('writes the names, joined as the language lists them', () => {
    const column = { name: 'roleNames', label: 'x', kind: 'list' } as const;
    expect(cellValue(column, ['管理员', '运维'], 'zh-CN')).toBe('管理员、运维');
    expect(cellValue(column, ['Admin', 'Operator'], 'en-US')).toBe('Admin, Operator');
    expect(cellValue(column, [], 'en-US')).toBe('');
  });
});

describe('translate', () => {
  it('gives null for keys the translations lack', () => {
    expect(translate('system.no.such.key', 'zh-CN')).toBeNull();
    expect(translate('nonamespace', 'en-US')).toBeNull();
  });
});
