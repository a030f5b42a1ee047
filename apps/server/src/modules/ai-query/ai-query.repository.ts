import type { GatherFactor } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deviceOffset } from '../../db/queries/devices.js';
import { factorsByCode } from '../../db/queries/factors.js';

export interface AiPacketRow {
  id: number;
  receivedAt: number;
  raw: string;
}

/** Reads for the AI query: a device's accepted uploads of one CN, and the factor catalogue. */
export class AiQueryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest first, at most `limit`, within the receive-time range (the device's (device_id, received_at) index). */
  packets(deviceId: number, cn: string, beginTime: number, endTime: number, limit: number): Promise<AiPacketRow[]> {
    return this.db
      .selectFrom('originalPackets')
      .select(['id', 'receivedAt', 'raw'])
      .where('deviceId', '=', deviceId)
      .where('receivedAt', '>=', beginTime)
      .where('receivedAt', '<=', endTime)
      .where('cn', '=', cn)
      .where('accepted', '=', 1)
      .orderBy('receivedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The device's zone: its packets' DataTime is read, and shown, on its clock. */
  deviceOffset(deviceId: number): Promise<number | undefined> {
    return deviceOffset(this.db, deviceId);
  }

  factors(codes: readonly string[]): Promise<GatherFactor[]> {
    return factorsByCode(this.db, codes);
  }
}
