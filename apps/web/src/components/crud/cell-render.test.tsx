// @vitest-environment jsdom
import type { CrudColumn } from '@envmon/shared';
import { render } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { type CellContext, cellText, renderCell, vocabularyLang } from './cell-render';
import { EMPTY_CELL } from './constants';

const zh: CellContext = { lang: 'zh', yes: '是', no: '否' };
const en: CellContext = { lang: 'en', yes: 'Yes', no: 'No' };
const col = (kind: CrudColumn['kind'], extra: Partial<CrudColumn> = {}): CrudColumn => ({
  name: 'x',
  label: 'x',
  kind,
  ...extra,
});
const validFlag = col('vocabulary', { vocabulary: 'validFlag' });

describe('cellText', () => {
  it('labels vocabulary values in the console language', () => {
    expect(cellText(validFlag, 1, zh)).toBe('有效');
    expect(cellText(validFlag, 0, en)).toBe('Invalid');
    expect(cellText(validFlag, 7, en)).toBe('7');
  });

  it('formats epoch milliseconds as local date-time', () => {
    const at = dayjs('2024-03-05 07:08:09').valueOf();
    expect(cellText(col('datetime'), at, zh)).toBe('2024-03-05 07:08:09');
    expect(cellText(col('datetime'), null, zh)).toBe(EMPTY_CELL);
  });

  it('counts arrays and names booleans', () => {
    expect(cellText(col('count'), [1, 2, 3], zh)).toBe('3');
    expect(cellText(col('count'), undefined, zh)).toBe('0');
    expect(cellText(col('boolean'), true, en)).toBe('Yes');
    expect(cellText(col('boolean'), false, zh)).toBe('否');
  });

  it('lists names, joined as the language lists them, and no names as a dash', () => {
    expect(cellText(col('list'), ['管理员', '运维'], zh)).toBe('管理员、运维');
    expect(cellText(col('list'), ['Admin', 'Operator'], en)).toBe('Admin, Operator');
    expect(cellText(col('list'), [], en)).toBe(EMPTY_CELL);
  });

  it('shows text as is and blanks as a dash', () => {
    expect(cellText(col('text'), 'admin', zh)).toBe('admin');
    expect(cellText(col('text'), 0, zh)).toBe('0');
    expect(cellText(col('text'), '', zh)).toBe(EMPTY_CELL);
  });
});

describe('renderCell', () => {
  it('renders a vocabulary value as a tag in its colour', () => {
    const { container } = render(<>{renderCell(validFlag, 1, en)}</>);
    const tag = container.querySelector('.ant-tag');
    expect(tag?.textContent).toBe('Valid');
    expect(tag?.className).toContain('green');
  });

  it('renders each name of a list as its own tag', () => {
    const { container } = render(<>{renderCell(col('list'), ['Admin', 'Operator'], en)}</>);
    expect([...container.querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).toEqual(['Admin', 'Operator']);
  });

  it('renders plain text without a tag', () => {
    const { container } = render(<>{renderCell(col('text'), 'admin', en)}</>);
    expect(container.querySelector('.ant-tag')).toBeNull();
    expect(container.textContent).toBe('admin');
  });
});

describe('vocabularyLang', () => {
  it('maps the console language to a vocabulary language', () => {
    expect(vocabularyLang('en-US')).toBe('en');
    expect(vocabularyLang('zh-CN')).toBe('zh');
    expect(vocabularyLang(undefined)).toBe('zh');
  });
});
