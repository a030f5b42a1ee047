import type { Role } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { RolesTable } from '../../db/schema.js';

export type RoleRow = Selectable<RolesTable>;

export function toRole(row: RoleRow, resourceIds: readonly number[]): Role {
  return {
    id: row.id,
    roleName: row.roleName,
    remark: row.remark,
    builtIn: row.builtIn === 1,
    resourceIds: [...resourceIds],
  };
}
