import type { PageQuery, RoleInput, roleFilterSchema } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import type { RoleRow } from './role.mapper.js';

export type RoleFilter = z.infer<typeof roleFilterSchema>;

export interface AccessRow {
  roleName: string;
  resCode: string | null;
  action: number | null;
}

export class RoleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(filter: RoleFilter, page: PageQuery): Promise<{ rows: RoleRow[]; total: number }> {
    let base = this.db.selectFrom('roles');
    if (filter.roleName) {
      const needle = filter.roleName;
      base = base.where((eb) => containsText(eb.ref('roleName'), needle));
    }
    return selectPage(base, page, (query) => query.selectAll().orderBy('id'));
  }

  async find(id: number): Promise<RoleRow | null> {
    return (await this.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async nameTaken(roleName: string, exceptId: number | null): Promise<boolean> {
    let query = this.db.selectFrom('roles').select('id').where('roleName', '=', roleName);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async existingIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await this.db.selectFrom('roles').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
  }

  /** Resource ids per role, for the given roles. */
  async resourceIdsOf(roleIds: readonly number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>(roleIds.map((id) => [id, []]));
    if (roleIds.length === 0) return result;
    const rows = await this.db
      .selectFrom('roleResources')
      .select(['roleId', 'resourceId'])
      .where('roleId', 'in', roleIds)
      .orderBy('resourceId')
      .execute();
    for (const row of rows) result.get(row.roleId)?.push(row.resourceId);
    return result;
  }

  async insert(input: RoleInput, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('roles')
        .values({ roleName: input.roleName, remark: input.remark, builtIn: 0, createTime: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceResources(trx, id, input.resourceIds);
      return id;
    });
  }

  async update(id: number, input: RoleInput): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('roles')
        .set({ roleName: input.roleName, remark: input.remark })
        .where('id', '=', id)
        .execute();
      await replaceResources(trx, id, input.resourceIds);
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('roles').where('id', '=', id).execute();
  }

  async countUsers(roleId: number): Promise<number> {
    const { total } = await this.db
      .selectFrom('userRoles')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('roleId', '=', roleId)
      .executeTakeFirstOrThrow();
    return total;
  }

  rolesOfUser(userId: number): Promise<RoleRow[]> {
    return this.db
      .selectFrom('roles')
      .innerJoin('userRoles', 'userRoles.roleId', 'roles.id')
      .selectAll('roles')
      .where('userRoles.userId', '=', userId)
      .orderBy('roles.id')
      .execute();
  }

  /** One row per (role, resource) of the user; roles without resources give a row with nulls. */
  accessRows(userId: number): Promise<AccessRow[]> {
    return this.db
      .selectFrom('userRoles')
      .innerJoin('roles', 'roles.id', 'userRoles.roleId')
      .leftJoin('roleResources', 'roleResources.roleId', 'roles.id')
      .leftJoin('resources', 'resources.id', 'roleResources.resourceId')
      .select(['roles.roleName', 'resources.resCode', 'resources.action'])
      .where('userRoles.userId', '=', userId)
      .execute();
  }

  async hasBoundDevices(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('userDevices')
      .select('userDevices.userId')
      .where('userDevices.userId', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}

async function replaceResources(trx: Kysely<Database>, roleId: number, resourceIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('roleResources').where('roleId', '=', roleId).execute();
  const unique = [...new Set(resourceIds)];
  if (unique.length > 0) {
    await trx
      .insertInto('roleResources')
      .values(unique.map((resourceId) => ({ roleId, resourceId })))
      .execute();
  }
}
