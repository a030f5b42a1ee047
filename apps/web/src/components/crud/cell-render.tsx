import { type CrudColumn, vocabularyColor, vocabularyLabel } from '@envmon/shared';
import { Flex, Tag } from 'antd';
import type { ReactNode } from 'react';
import { DATE_TIME_FORMAT, dayjs } from '../../lib/dayjs';
import { EMPTY_CELL } from './constants';
import { displayText } from './form-values';

/** Vocabularies carry both languages; the console's language picks one. */
export type VocabularyLang = 'zh' | 'en';

export const vocabularyLang = (language: string | undefined): VocabularyLang =>
  language?.startsWith('en') ? 'en' : 'zh';

export interface CellContext {
  lang: VocabularyLang;
  /** Translated labels of boolean cells. */
  yes: string;
  no: string;
}

const isBlank = (value: unknown): boolean => value === undefined || value === null || value === '';

/** Names in one cell, as each language lists them. */
const LIST_SEPARATOR: Record<VocabularyLang, string> = { zh: '、', en: ', ' };

const listItems = (value: unknown): string[] =>
  (Array.isArray(value) ? value : isBlank(value) ? [] : [value]).map(displayText).filter((item) => item !== '');

export function formatDateTime(value: unknown): string {
  if (typeof value !== 'number' && typeof value !== 'string') return EMPTY_CELL;
  const time = dayjs(value);
  return time.isValid() ? time.format(DATE_TIME_FORMAT) : EMPTY_CELL;
}

/** The plain text of a cell — also what sorting, titles and tests see. */
export function cellText(column: CrudColumn, value: unknown, ctx: CellContext): string {
  switch (column.kind) {
    case 'count':
      return String(Array.isArray(value) ? value.length : 0);
    case 'list': {
      const items = listItems(value);
      return items.length === 0 ? EMPTY_CELL : items.join(LIST_SEPARATOR[ctx.lang]);
    }
    case 'boolean':
      return value === true ? ctx.yes : ctx.no;
    case 'datetime':
      return isBlank(value) ? EMPTY_CELL : formatDateTime(value);
    case 'vocabulary':
      if (isBlank(value)) return EMPTY_CELL;
      return column.vocabulary ? vocabularyLabel(column.vocabulary, displayText(value), ctx.lang) : displayText(value);
    case 'text':
      return isBlank(value) ? EMPTY_CELL : displayText(value);
  }
}

/** A long label (English vocabularies) is cut inside its tag rather than spilling into the next cell. */
const TAG_STYLE = { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' } as const;

/** Vocabulary values are tags in their vocabulary colour, names of a list one tag each; booleans are tags so 'yes' stands out. */
export function renderCell(column: CrudColumn, value: unknown, ctx: CellContext): ReactNode {
  const text = cellText(column, value, ctx);
  if (column.kind === 'vocabulary' && column.vocabulary && !isBlank(value)) {
    return (
      <Tag color={vocabularyColor(column.vocabulary, displayText(value))} title={text} style={TAG_STYLE}>
        {text}
      </Tag>
    );
  }
  if (column.kind === 'list' && listItems(value).length > 0) {
    return (
      <Flex gap={4} wrap title={text}>
        {listItems(value).map((item) => (
          <Tag key={item} style={{ ...TAG_STYLE, marginInlineEnd: 0 }}>
            {item}
          </Tag>
        ))}
      </Flex>
    );
  }
  if (column.kind === 'boolean') {
    return (
      <Tag color={value === true ? 'blue' : undefined} style={TAG_STYLE}>
        {text}
      </Tag>
    );
  }
  return text;
}
