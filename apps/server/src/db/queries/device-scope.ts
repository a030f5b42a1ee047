import { type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../schema.js';

/**
 * The devices a query may read: those of the chosen project (devices.project_id) and, when `boundTo` is set,
 * only those bound to that user (user_devices). modules/device/device-scope.ts decides it for a reader.
 */
export interface DeviceScope {
  projectId?: number | undefined;
  boundTo?: number | undefined;
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
    conditions.push(e('devices.deviceCode', 'in', boundDeviceCodes(e, boundTo)));
  }
  return conditions.length === 0 ? sql<SqlBool>`1 = 1` : e.and(conditions);
}

/** The codes of the devices bound to a user (user_devices), as a subquery. */
export function boundDeviceCodes<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB>,
  userId: number,
): SelectQueryBuilder<Database, 'userDevices', { deviceCode: string }> {
  const e = eb as unknown as ExpressionBuilder<Database, never>;
  return e.selectFrom('userDevices').select('userDevices.deviceCode').where('userDevices.userId', '=', userId);
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
