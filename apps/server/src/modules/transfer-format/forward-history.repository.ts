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
    const row = await this.db
      .selectFrom('originalPackets')
      .select('raw')
      .where('deviceId', '=', deviceId)
      .where(statePackets)
      .where('cn', '=', cn)
      .where((eb) =>
        eb.or([eb('dataTime', '=', key), eb.and([eb('dataTime', 'is', null), eb('receivedAt', '=', key)])]),
      )
      .where('accepted', '=', 1)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.raw ?? null;
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
    const rows = await this.db
      .selectFrom('originalPackets')
      .select(['dataTime', 'receivedAt'])
      .where('deviceId', '=', deviceId)
      .where(statePackets)
      .where('cn', '=', cn)
      .where('accepted', '=', 1)
      .where((eb) =>
        eb.or([
          eb.and([eb('dataTime', '>=', from), eb('dataTime', '<', to)]),
          eb.and([eb('dataTime', 'is', null), eb('receivedAt', '>=', from), eb('receivedAt', '<', to)]),
        ]),
      )
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    const keys = new Set(rows.map((r) => Number(r.dataTime ?? r.receivedAt)));
    return [...keys].sort((a, b) => b - a);
  }
}
