import { type Kysely, sql } from 'kysely';
import { STATE_PACKET_PREDICATE } from '../../db/migrations/0024-state-packet-index.js';
import type { Database, MeasurementKind } from '../../db/schema.js';

/** The partial index's predicate, repeated as the index has it (see 0024). */
const statePackets = sql<boolean>`${sql.raw(STATE_PACKET_PREDICATE)}`;

/**
 * What forwarding reads of the stored history (issue 20) besides the queue: a state upload's original packet, and
 * the data times a device has stored from some time on (a device whose `fromTime` lies in the past).
 */
export class ForwardHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The stored packet of a state upload (2021/2041/2081) by its key: its DataTime, or for one without a DataTime
   * the time it was received. The newest when a station sent it twice.
   */
  async statePacket(deviceId: number, cn: string, key: number): Promise<string | null> {
    // Two lookups, each a range of the index (an OR of both would scan the device's packets of the CN).
    const byDataTime = await this.statePackets(deviceId, cn)
      .where('dataTime', '=', key)
      .select('raw')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (byDataTime) return byDataTime.raw;
    const byArrival = await this.statePackets(deviceId, cn)
      .where('dataTime', 'is', null)
      .where('receivedAt', '=', key)
      .select('raw')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return byArrival?.raw ?? null;
  }

  /** A device's accepted state packets of one CN, through the partial index. */
  private statePackets(deviceId: number, cn: string) {
    return this.db
      .selectFrom('originalPackets')
      .where('deviceId', '=', deviceId)
      .where(statePackets)
      .where('cn', '=', cn)
      .where('accepted', '=', 1);
  }

  /** The newest data times (at most `limit`) of one kind a device has stored in [from, to), newest first. */
  async measurementTimes(
    deviceId: number,
    kind: MeasurementKind,
    from: number,
    to: number,
    limit: number,
  ): Promise<number[]> {
    const rows = await this.db
      .selectFrom('measurements')
      .select('dataTime')
      .distinct()
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('dataTime', '>=', from)
      .where('dataTime', '<', to)
      .orderBy('dataTime', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.dataTime));
  }

  /** The keys of a device's stored state uploads of one CN in [from, to) (at most `limit`, newest first). */
  async stateTimes(deviceId: number, cn: string, from: number, to: number, limit: number): Promise<number[]> {
    const dated = await this.statePackets(deviceId, cn)
      .select('dataTime')
      .where('dataTime', '>=', from)
      .where('dataTime', '<', to)
      .orderBy('dataTime', 'desc')
      .limit(limit)
      .execute();
    const undated = await this.statePackets(deviceId, cn)
      .select('receivedAt')
      .where('dataTime', 'is', null)
      .where('receivedAt', '>=', from)
      .where('receivedAt', '<', to)
      .orderBy('receivedAt', 'desc')
      .limit(limit)
      .execute();
    const keys = new Set([...dated.map((r) => Number(r.dataTime)), ...undated.map((r) => Number(r.receivedAt))]);
    return [...keys].sort((a, b) => b - a).slice(0, limit);
  }
}
