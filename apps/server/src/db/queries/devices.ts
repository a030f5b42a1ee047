import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** A device's zone (its data times are read and shown on its clock); undefined for no such device. */
export async function deviceOffset(db: Kysely<Database>, deviceId: number): Promise<number | undefined> {
  const row = await db.selectFrom('devices').select('utcOffsetMinutes').where('id', '=', deviceId).executeTakeFirst();
  return row?.utcOffsetMinutes;
}

/** The devices' zones, in id order. */
export async function deviceOffsets(db: Kysely<Database>, deviceIds: readonly number[]): Promise<number[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('devices')
    .select('utcOffsetMinutes')
    .where('id', 'in', [...deviceIds])
    .orderBy('id')
    .execute();
  return rows.map((r) => r.utcOffsetMinutes);
}

/** The type of a deploy group (1 project, 2 address), or null when no group has the id. */
export async function deployGroupType(db: Kysely<Database>, deployId: number): Promise<number | null> {
  const row = await db
    .selectFrom('deployClassify')
    .select('deployType')
    .where('id', '=', deployId)
    .executeTakeFirst();
  return row?.deployType ?? null;
}
