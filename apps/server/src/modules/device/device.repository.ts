import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What the gateway needs to know of a station. */
export interface StationIdentity {
  id: number;
  deviceCode: string;
  deviceName: string;
  password: string | null;
  intervalTime: number;
  utcOffsetMinutes: number;
  ifValid: number;
  /** Accept the byte-swapped Modbus CRC some loggers send (HJ212.md §3). */
  acceptModbusCrc: number;
}

export class DeviceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findStation(deviceCode: string): Promise<StationIdentity | undefined> {
    return this.db
      .selectFrom('devices')
      .select([
        'id',
        'deviceCode',
        'deviceName',
        'password',
        'intervalTime',
        'utcOffsetMinutes',
        'ifValid',
        'acceptModbusCrc',
      ])
      .where('deviceCode', '=', deviceCode)
      .executeTakeFirst();
  }
}
