import { translate, vocabularyLabel, type CrudColumn, type CrudDefinition, type Language } from '@envmon/shared';
import { toRows, type XlsxSheet } from '../../lib/xlsx-export.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// The one resolver of i18n keys outside the console; kept under this name for the exports that use it.
export { translate };

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm:ss in the server's time zone. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Names in one cell, as each language lists them. */
const LIST_SEPARATOR = { 'zh-CN': '、', 'en-US': ', ' } as const;

const YES_NO = { 'zh-CN': ['否', '是'], 'en-US': ['No', 'Yes'] } as const;

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A cell as the table shows it: vocabulary labels, readable times, counts of lists, lists of names. */
export function cellValue(column: CrudColumn, value: unknown, lang: Language): string | number | null {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'vocabulary':
      return column.vocabulary
        ? vocabularyLabel(column.vocabulary, asText(value), lang === 'en-US' ? 'en' : 'zh')
        : asText(value);
    case 'datetime':
      return typeof value === 'number' ? formatDateTime(value) : asText(value);
    case 'boolean':
      return YES_NO[lang][value ? 1 : 0];
    case 'count':
      return Array.isArray(value) ? value.length : Number(value);
    case 'list':
      return Array.isArray(value) ? value.map(asText).join(LIST_SEPARATOR[lang]) : asText(value);
    case 'text':
      return typeof value === 'number' ? value : asText(value);
  }
}

/** The definition's columns (headers in the requested language) and every row the pages yield. */
export function crudSheet(
  def: CrudDefinition,
  lang: Language,
  pages: AsyncIterable<readonly Record<string, unknown>[]>,
): XlsxSheet {
  return {
    name: def.exportName,
    columns: def.columns.map((c) => ({
      header: translate(c.label, lang) ?? c.name,
      width: Math.max(12, Math.round((c.width ?? 160) / 8)),
    })),
    rows: toRows(pages, (row) => def.columns.map((c) => cellValue(c, row[c.name], lang))),
  };
}
