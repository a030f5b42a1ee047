import type { Kysely, Selectable } from 'kysely';
import { type DeviceScope, deviceInScope } from '../../db/queries/device-scope.js';
import type { Database, MeasurementsTable } from '../../db/schema.js';

export type WeatherValueRow = Pick<Selectable<MeasurementsTable>, 'dataTime' | 'factorCode' | 'value'>;

export class WeatherRepository {
  constructor(private readonly db: Kysely<Database>) {}

  visible(deviceId: number, scope: DeviceScope): Promise<boolean> {
    return deviceInScope(this.db, deviceId, scope);
  }

  /** The device's 'day' measurements of `codes` with dataTime in [from, until). */
  dayValues(deviceId: number, codes: readonly string[], from: number, until: number): Promise<WeatherValueRow[]> {
    return this.db
      .selectFrom('measurements')
      .select(['dataTime', 'factorCode', 'value'])
      .where('deviceId', '=', deviceId)
      .where('kind', '=', 'day')
      .where('dataTime', '>=', from)
      .where('dataTime', '<', until)
      .where('factorCode', 'in', [...codes])
      .execute();
  }
}
