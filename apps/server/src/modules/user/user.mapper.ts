import type { User } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

/** The password hash stays behind: it is not part of the DTO. */
export function toUser(row: UserRow, roleIds: readonly number[], deviceCodes: readonly string[]): User {
  return {
    id: row.id,
    userName: row.userName,
    name: row.name,
    nackName: row.nackName,
    avatar: row.avatar,
    phone: row.phone,
    email: row.email,
    ifValid: row.ifValid,
    builtIn: row.builtIn === 1,
    roleIds: [...roleIds],
    deviceCodes: [...deviceCodes],
    remark: row.remark,
    createTime: row.createTime,
  };
}
