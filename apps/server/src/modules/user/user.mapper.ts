import type { User } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import type { UserRole } from './user.repository.js';

export type UserRow = Selectable<UsersTable>;

/** The password hash stays behind: it is not part of the DTO. */
export function toUser(row: UserRow, roles: readonly UserRole[], deviceCodes: readonly string[]): User {
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
    roleIds: roles.map((r) => r.id),
    roleNames: roles.map((r) => r.roleName),
    deviceCodes: [...deviceCodes],
    remark: row.remark,
    createTime: row.createTime,
  };
}
