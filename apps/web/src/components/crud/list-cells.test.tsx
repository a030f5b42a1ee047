import type { TFunction } from 'i18next';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { dayjs, formatDateTime } from '../../lib/dayjs';
import { EMPTY_CELL } from './constants';
import { renderListCell } from './list-cells';
import type { ListCellContext, ListField } from './list-definition';
import { toListQuery } from './list-filter-form';
import { groupFields } from './list-form-modal';

interface Row {
  id: number;
  name: string | null;
  kind: string;
  kinds: string[];
  start: number;
  end: number | null;
}

const t = ((key: string) => `«${key}»`) as unknown as TFunction;
const ctx = { t, token: {}, loadedAt: 0, open: () => undefined } as unknown as ListCellContext<Row>;
const T0 = Date.UTC(2026, 2, 1, 1);
const ROW: Row = { id: 1, name: 'A', kind: 'repair', kinds: ['stop', 'repair'], start: T0, end: null };

describe('renderListCell', () => {
  it('shows text, and blanks as the empty cell', () => {
    expect(renderListCell({ kind: 'text', name: 'name' }, ROW, ctx)).toBe('A');
    expect(renderListCell({ kind: 'text', name: 'name' }, { ...ROW, name: null }, ctx)).toBe(EMPTY_CELL);
    expect(renderListCell({ kind: 'text', name: 'name' }, { ...ROW, name: '' }, ctx)).toBe(EMPTY_CELL);
  });

  it('names a code by its label, as text or as a tag in its colour', () => {
    const labelKey = (code: string) => `kinds.${code}`;
    expect(renderListCell({ kind: 'label', name: 'kind', labelKey }, ROW, ctx)).toBe('«kinds.repair»');
    const tag = renderListCell({ kind: 'tag', name: 'kind', labelKey, colors: { repair: 'orange' } }, ROW, ctx);
    expect(isValidElement(tag) && tag.props).toMatchObject({ color: 'orange', children: '«kinds.repair»' });
  });

  it('names a list of codes by their labels, in order, and an empty list as the empty cell', () => {
    const labelKey = (code: string) => `kinds.${code}`;
    expect(renderListCell({ kind: 'labels', name: 'kinds', labelKey }, ROW, ctx)).toBe(
      `«kinds.stop»«common.messageParts.listSeparator»«kinds.repair»`,
    );
    expect(renderListCell({ kind: 'labels', name: 'kinds', labelKey }, { ...ROW, kinds: [] }, ctx)).toBe(EMPTY_CELL);
  });

  it('shows dates, date-times and a range with an open end', () => {
    expect(renderListCell({ kind: 'date', name: 'start' }, ROW, ctx)).toBe(dayjs(T0).format('YYYY-MM-DD'));
    expect(renderListCell({ kind: 'datetime', name: 'start' }, ROW, ctx)).toBe(formatDateTime(T0));
    expect(renderListCell({ kind: 'datetime', name: 'end' }, ROW, ctx)).toBe(EMPTY_CELL);
    expect(renderListCell({ kind: 'range', from: 'start', to: 'end' }, ROW, ctx)).toBe(
      `${formatDateTime(T0)} – ${EMPTY_CELL}`,
    );
  });

  it('hands a custom cell its row and context', () => {
    expect(renderListCell({ kind: 'custom', render: (row, c) => `${row.id}:${c.t('x.y')}` }, ROW, ctx)).toBe('1:«x.y»');
  });
});

describe('toListQuery', () => {
  it('trims text (blank is no filter), keeps choices and splits a range into whole-second bounds', () => {
    const begin = dayjs(T0).millisecond(123);
    const end = dayjs(T0 + 60_000).millisecond(5);
    const query = toListQuery(
      [
        { kind: 'text', name: 'cardNo', label: 'a' },
        { kind: 'text', name: 'other', label: 'b' },
        { kind: 'device', name: 'deviceId', label: 'c' },
        { kind: 'dateTimeRange', name: 'range', label: 'd', names: ['beginTime', 'endTime'] },
      ],
      { cardNo: ' 8986 ', other: '  ', deviceId: 7, range: [begin, end] },
    );
    expect(query).toEqual({ cardNo: '8986', deviceId: 7, beginTime: T0, endTime: T0 + 60_999 });
    expect(query).not.toHaveProperty('range');
  });

  it('sends nothing for an empty form', () => {
    expect(toListQuery([{ kind: 'dateTimeRange', name: 'range', label: 'd', names: ['from', 'to'] }], {})).toEqual({
      from: undefined,
      to: undefined,
    });
  });
});

describe('groupFields', () => {
  it('puts consecutive fields with a span on one row, the others alone', () => {
    const field = (name: string, span?: number): ListField => ({ kind: 'date', name, label: name, span });
    const [a, b, c, d] = [field('a', 12), field('b', 12), field('c'), field('d', 12)];
    expect(groupFields([a, b, c, d])).toEqual([[a, b], c, [d]]);
  });
});
