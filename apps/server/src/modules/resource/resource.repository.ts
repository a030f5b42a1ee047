import type { PageQuery, ResourceInput, resourceFilterSchema } from '@envmon/shared';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import type { ResourceRow } from './resource.mapper.js';

export type ResourceFilter = z.infer<typeof resourceFilterSchema>;

export class ResourceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(filter: ResourceFilter) {
    let query = this.db.selectFrom('resources');
    if (filter.resName) {
      const needle = filter.resName;
      query = query.where((eb) =>
        eb.or([containsText(eb.ref('resName'), needle), containsText(eb.ref('resNameEn'), needle)]),
      );
    }
    if (filter.resType !== undefined) query = query.where('resType', '=', filter.resType);
    return query;
  }

  private ordered<O>(query: SelectQueryBuilder<Database, 'resources', O>) {
    return query.orderBy('module').orderBy('childModule').orderBy('id');
  }

  async list(filter: ResourceFilter, page: PageQuery): Promise<{ rows: ResourceRow[]; total: number }> {
    const base = this.filtered(filter);
    return selectPage(base, page, (query) => this.ordered(query.selectAll()));
  }

  all(): Promise<ResourceRow[]> {
    return this.ordered(this.db.selectFrom('resources').selectAll()).execute();
  }

  async find(id: number): Promise<ResourceRow | null> {
    return (await this.db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async codeTaken(resCode: string, exceptId: number | null): Promise<boolean> {
    let query = this.db.selectFrom('resources').select('id').where('resCode', '=', resCode);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async existingIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('resources').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  async countChildren(id: number): Promise<number> {
    const { total } = await this.db
      .selectFrom('resources')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('parentResId', '=', id)
      .executeTakeFirstOrThrow();
    return total;
  }

  byRole(roleId: number): Promise<ResourceRow[]> {
    return this.ordered(
      this.db
        .selectFrom('resources')
        .innerJoin('roleResources', 'roleResources.resourceId', 'resources.id')
        .selectAll('resources')
        .where('roleResources.roleId', '=', roleId),
    ).execute();
  }

  async insert(input: ResourceInput): Promise<number> {
    const { id } = await this.db
      .insertInto('resources')
      .values({ ...input, builtIn: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, input: ResourceInput): Promise<void> {
    await this.db.updateTable('resources').set(input).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('resources').where('id', '=', id).execute();
  }
}
