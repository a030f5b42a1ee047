import type { DictionaryInput, dictionaryFilterSchema, PageQuery } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import type { DictionaryRow } from './dictionary.mapper.js';

export type DictionaryFilter = z.infer<typeof dictionaryFilterSchema>;

export class DictionaryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(filter: DictionaryFilter, page: PageQuery): Promise<{ rows: DictionaryRow[]; total: number }> {
    let base = this.db.selectFrom('dictionary');
    const { tableName, columnName, label } = filter;
    if (tableName) base = base.where((eb) => containsText(eb.ref('tableName'), tableName));
    if (columnName) base = base.where((eb) => containsText(eb.ref('columnName'), columnName));
    if (label)
      base = base.where((eb) => eb.or([containsText(eb.ref('label'), label), containsText(eb.ref('labelEn'), label)]));
    return selectPage(base, page, (query) =>
      query.selectAll().orderBy('tableName').orderBy('columnName').orderBy('sort').orderBy('id'),
    );
  }

  /** The entries of one vocabulary, in display order. */
  lookup(tableName: string, columnName: string): Promise<DictionaryRow[]> {
    return this.db
      .selectFrom('dictionary')
      .selectAll()
      .where('tableName', '=', tableName)
      .where('columnName', '=', columnName)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async find(id: number): Promise<DictionaryRow | null> {
    return (await this.db.selectFrom('dictionary').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async entryTaken(input: DictionaryInput, exceptId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom('dictionary')
      .select('id')
      .where('tableName', '=', input.tableName)
      .where('columnName', '=', input.columnName)
      .where('value', '=', input.value);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(input: DictionaryInput): Promise<number> {
    const { id } = await this.db
      .insertInto('dictionary')
      .values({ ...input, builtIn: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, input: DictionaryInput): Promise<void> {
    await this.db.updateTable('dictionary').set(input).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('dictionary').where('id', '=', id).execute();
  }
}
