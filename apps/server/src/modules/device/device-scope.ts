import type { QueryScope } from '@envmon/shared';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The devices a query may read (the brief's scope): those of the chosen project (devices.project_id) and,
 * with ifFilter=1, those bound to the caller (user_devices), as the device list reads them.
 */
export interface DeviceScope {
  projectId?: number | undefined;
  boundTo?: number | undefined;
}

export function scopeOf(query: QueryScope, callerId: number): DeviceScope {
  return { projectId: query.projectId, boundTo: query.ifFilter === 1 ? callerId : undefined };
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

/** Reads of the scope itself: whether a device is in it, and which devices are. */
export class DeviceScopeReader {
  constructor(private readonly db: Kysely<Database>) {}

  async visible(deviceId: number, scope: DeviceScope): Promise<boolean> {
    const row = await this.db
      .selectFrom('devices')
      .select('devices.id')
      .where('devices.id', '=', deviceId)
      .where((eb) => devicesInScope(eb, scope))
      .executeTakeFirst();
    return row !== undefined;
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
