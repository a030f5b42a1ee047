import type { DictionaryEntry } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { DictionaryTable } from '../../db/schema.js';

export type DictionaryRow = Selectable<DictionaryTable>;

export function toDictionaryEntry(row: DictionaryRow): DictionaryEntry {
  return {
    id: row.id,
    tableName: row.tableName,
    columnName: row.columnName,
    value: row.value,
    label: row.label,
    labelEn: row.labelEn,
    color: row.color,
    sort: row.sort,
    builtIn: row.builtIn === 1,
    remark: row.remark,
  };
}
