import type { PageQuery, userFilterSchema } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, UsersTable } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import type { UserRow } from './user.mapper.js';

export type UserFilter = z.infer<typeof userFilterSchema>;

/** The user's own columns as the service writes them. */
export type UserFields = Pick<
  UsersTable,
  'userName' | 'name' | 'nackName' | 'avatar' | 'phone' | 'email' | 'ifValid' | 'remark'
>;

export interface UserRole {
  id: number;
  roleName: string;
}

export interface UserLinks {
  roleIds: readonly number[];
  deviceCodes: readonly string[];
}

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(filter: UserFilter, page: PageQuery): Promise<{ rows: UserRow[]; total: number }> {
    let base = this.db.selectFrom('users');
    const { userName, name, ifValid } = filter;
    if (userName) base = base.where((eb) => containsText(eb.ref('userName'), userName));
    if (name) base = base.where((eb) => containsText(eb.ref('name'), name));
    if (ifValid !== undefined) base = base.where('ifValid', '=', ifValid);
    return selectPage(base, page, (query) => query.selectAll().orderBy('id'));
  }

  async find(id: number): Promise<UserRow | null> {
    return (await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findByUserName(userName: string): Promise<UserRow | null> {
    return (await this.db.selectFrom('users').selectAll().where('userName', '=', userName).executeTakeFirst()) ?? null;
  }

  async nameTaken(userName: string, exceptId: number | null): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where('userName', '=', userName);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Each user's roles by id and name: the list shows names, the form edits ids. */
  async rolesOf(userIds: readonly number[]): Promise<Map<number, UserRole[]>> {
    const result = new Map<number, UserRole[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return result;
    const rows = await this.db
      .selectFrom('userRoles')
      .innerJoin('roles', 'roles.id', 'userRoles.roleId')
      .select(['userRoles.userId', 'userRoles.roleId', 'roles.roleName'])
      .where('userRoles.userId', 'in', userIds)
      .orderBy('userRoles.roleId')
      .execute();
    for (const row of rows) result.get(row.userId)?.push({ id: row.roleId, roleName: row.roleName });
    return result;
  }

  async deviceCodesOf(userIds: readonly number[]): Promise<Map<number, string[]>> {
    const result = new Map<number, string[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return result;
    const rows = await this.db
      .selectFrom('userDevices')
      .select(['userId', 'deviceCode'])
      .where('userId', 'in', userIds)
      .orderBy('deviceCode')
      .execute();
    for (const row of rows) result.get(row.userId)?.push(row.deviceCode);
    return result;
  }

  async insert(fields: UserFields, passwordHash: string, links: UserLinks, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('users')
        .values({ ...fields, passwordHash, builtIn: 0, createTime: now, updateTime: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceLinks(trx, id, links);
      return id;
    });
  }

  /** `passwordHash` null keeps the current password. */
  async update(
    id: number,
    fields: UserFields,
    passwordHash: string | null,
    links: UserLinks,
    now: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ ...fields, updateTime: now, ...(passwordHash === null ? {} : { passwordHash }) })
        .where('id', '=', id)
        .execute();
      await replaceLinks(trx, id, links);
    });
  }

  async setPasswordHash(id: number, passwordHash: string, now: number): Promise<void> {
    await this.db.updateTable('users').set({ passwordHash, updateTime: now }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}

async function replaceLinks(trx: Kysely<Database>, userId: number, links: UserLinks): Promise<void> {
  await trx.deleteFrom('userRoles').where('userId', '=', userId).execute();
  await trx.deleteFrom('userDevices').where('userId', '=', userId).execute();
  const roleIds = [...new Set(links.roleIds)];
  const deviceCodes = [...new Set(links.deviceCodes)];
  if (roleIds.length > 0) {
    await trx
      .insertInto('userRoles')
      .values(roleIds.map((roleId) => ({ userId, roleId })))
      .execute();
  }
  if (deviceCodes.length > 0) {
    await trx
      .insertInto('userDevices')
      .values(deviceCodes.map((deviceCode) => ({ userId, deviceCode })))
      .execute();
  }
}
