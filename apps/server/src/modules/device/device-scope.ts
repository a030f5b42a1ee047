import type { QueryScope } from '@envmon/shared';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Access, Actor, Reach } from '../session/permission.js';

/**
 * The devices a query may read: those of the chosen project (devices.project_id) and, when `boundTo` is set,
 * only those bound to that user (user_devices).
 */
export interface DeviceScope {
  projectId?: number | undefined;
  boundTo?: number | undefined;
}

/** Who reads, as the scope rule needs them (the auth context, an export's caller, a push connection's user). */
export type ScopeReader = Pick<Actor, 'userId'> & Pick<Access, 'isAdmin'> & Reach;

/**
 * The one scope rule (issue 13), decided on the server: a user with bound devices reads only those, whatever
 * the request says; admin, and users bound to none, read every device unless they ask for their bound ones
 * (ifFilter=1, the device tree's filter, SPEC section 6). The chosen project narrows either way.
 */
export function scopeOf(query: QueryScope, reader: ScopeReader): DeviceScope {
  const boundOnly = query.ifFilter === 1 || (reader.hasBoundDevices && !reader.isAdmin);
  return { projectId: query.projectId, boundTo: boundOnly ? reader.userId : undefined };
}

/** The scope as a condition on the `devices` table of a query. */
export function devicesInScope<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB | 'devices'>,
  scope: DeviceScope,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'devices'>;
  const conditions: Expression<SqlBool>[] = [];
  if (scope.projectId !== undefined) conditions.push(e('devices.projectId', '=', scope.projectId));
  if (scope.boundTo !== undefined) {
    const boundTo = scope.boundTo;
    conditions.push(
      e(
        'devices.deviceCode',
        'in',
        e.selectFrom('userDevices').select('userDevices.deviceCode').where('userDevices.userId', '=', boundTo),
      ),
    );
  }
  return conditions.length === 0 ? sql<SqlBool>`1 = 1` : e.and(conditions);
}

/** Whether the device exists and is in the scope: the one check of every by-id read. */
export async function deviceInScope(db: Kysely<Database>, deviceId: number, scope: DeviceScope): Promise<boolean> {
  const row = await db
    .selectFrom('devices')
    .select('devices.id')
    .where('devices.id', '=', deviceId)
    .where((eb) => devicesInScope(eb, scope))
    .executeTakeFirst();
  return row !== undefined;
}

/** Reads of the scope itself: whether a device is in it, and which devices are. */
export class DeviceScopeReader {
  constructor(private readonly db: Kysely<Database>) {}

  visible(deviceId: number, scope: DeviceScope): Promise<boolean> {
    return deviceInScope(this.db, deviceId, scope);
  }

  /** Every device in scope; null for every device there is (an empty scope). */
  async idsIn(scope: DeviceScope): Promise<ReadonlySet<number> | null> {
    if (scope.projectId === undefined && scope.boundTo === undefined) return null;
    const rows = await this.db
      .selectFrom('devices')
      .select('devices.id')
      .where((eb) => devicesInScope(eb, scope))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Of `ids`, those in scope. */
  async visibleOf(ids: readonly number[], scope: DeviceScope): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('devices')
      .select('devices.id')
      .where('devices.id', 'in', [...ids])
      .where((eb) => devicesInScope(eb, scope))
      .execute();
    return rows.map((r) => r.id);
  }
}
