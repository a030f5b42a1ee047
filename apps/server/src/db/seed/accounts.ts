import { ADMIN_ROLE } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { PasswordHasher } from '../../lib/password.js';
import type { Database } from '../schema.js';

/** Roles, their resources and users: what the admin's and the demo's seeds both create. */

export async function ensureRole(db: Kysely<Database>, roleName: string, remark: string, now: number): Promise<number> {
  const found = await db.selectFrom('roles').select('id').where('roleName', '=', roleName).executeTakeFirst();
  if (found) return found.id;
  const { id } = await db
    .insertInto('roles')
    .values({ roleName, remark, builtIn: roleName === ADMIN_ROLE ? 1 : 0, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function linkResources(
  db: Kysely<Database>,
  roleId: number,
  resourceIds: readonly number[],
): Promise<void> {
  const linked = await db.selectFrom('roleResources').select('resourceId').where('roleId', '=', roleId).execute();
  const have = new Set(linked.map((l) => l.resourceId));
  const missing = resourceIds.filter((id) => !have.has(id)).map((resourceId) => ({ roleId, resourceId }));
  for (let i = 0; i < missing.length; i += 200) {
    await db
      .insertInto('roleResources')
      .values(missing.slice(i, i + 200))
      .execute();
  }
}

export async function createUser(
  db: Kysely<Database>,
  hasher: PasswordHasher,
  user: { userName: string; password: string; name: string; roleId: number; builtIn: number },
  now: number,
): Promise<void> {
  const { id } = await db
    .insertInto('users')
    .values({
      userName: user.userName,
      passwordHash: await hasher.hash(user.password),
      name: user.name,
      nackName: null,
      avatar: null,
      phone: null,
      email: null,
      ifValid: 1,
      builtIn: user.builtIn,
      remark: null,
      createTime: now,
      updateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('userRoles').values({ userId: id, roleId: user.roleId }).execute();
}
