import type { DictionaryEntry, DictionaryInput, Page, PageQuery } from '@envmon/shared';
import { DomainError } from '../../lib/errors.js';
import type { CrudService } from '../crud/crud.types.js';
import { toDictionaryEntry } from './dictionary.mapper.js';
import type { DictionaryFilter, DictionaryRepository } from './dictionary.repository.js';

export class DictionaryService implements CrudService<
  DictionaryEntry,
  DictionaryInput,
  DictionaryInput,
  DictionaryFilter
> {
  constructor(private readonly repo: DictionaryRepository) {}

  async get(id: number): Promise<DictionaryEntry> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return toDictionaryEntry(row);
  }

  async list(filter: DictionaryFilter, page: PageQuery): Promise<Page<DictionaryEntry>> {
    const { rows, total } = await this.repo.list(filter, page);
    return { list: rows.map(toDictionaryEntry), total, ...page };
  }

  /** dictionary/rest/get: one vocabulary by table and column name, sorted. */
  async lookup(tableName: string, columnName: string): Promise<DictionaryEntry[]> {
    return (await this.repo.lookup(tableName, columnName)).map(toDictionaryEntry);
  }

  /** dictionary/rest/getFactorUnit: the same vocabulary as a value → label map. */
  async labels(tableName: string, columnName: string): Promise<Record<string, string>> {
    return Object.fromEntries((await this.repo.lookup(tableName, columnName)).map((r) => [r.value, r.label]));
  }

  async add(input: DictionaryInput): Promise<DictionaryEntry> {
    if (await this.repo.entryTaken(input, null)) throw new DomainError('dictionaryEntryTaken');
    return this.get(await this.repo.insert(input));
  }

  async update(id: number, input: DictionaryInput): Promise<DictionaryEntry> {
    const current = await this.get(id);
    // Screens look built-in entries up by table, column and value; those three stay.
    const identityChanged =
      input.tableName !== current.tableName || input.columnName !== current.columnName || input.value !== current.value;
    if (current.builtIn && identityChanged) throw new DomainError('builtInReadOnly');
    if (await this.repo.entryTaken(input, id)) throw new DomainError('dictionaryEntryTaken');
    await this.repo.update(id, input);
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const current = await this.get(id);
    if (current.builtIn) throw new DomainError('builtInProtected');
    await this.repo.delete(id);
  }
}
