import type { Kysely, Selectable } from 'kysely';
import type { Database, DeviceParametersTable } from '../../db/schema.js';

export type DeviceParameterRow = Selectable<DeviceParametersTable> & { commandState: string | null };

/** A parameter's key: its name and the factor it is about ('' for the station's own). */
export interface ParameterKey {
  deviceId: number;
  name: string;
  polId: string;
}

/** The device_parameters table: one row per device × name × factor, reported and wanted values side by side. */
export class DeviceParameterRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(deviceId: number): Promise<DeviceParameterRow[]> {
    return this.base().where('deviceParameters.deviceId', '=', deviceId).orderBy(['name', 'polId']).execute();
  }

  find(id: number): Promise<DeviceParameterRow | undefined> {
    return this.base().where('deviceParameters.id', '=', id).executeTakeFirst();
  }

  findByKey(key: ParameterKey): Promise<DeviceParameterRow | undefined> {
    return this.base()
      .where('deviceParameters.deviceId', '=', key.deviceId)
      .where('deviceParameters.name', '=', key.name)
      .where('deviceParameters.polId', '=', key.polId)
      .executeTakeFirst();
  }

  /** What the station reported (or confirmed by executing a set command). */
  async reported(key: ParameterKey, value: string, time: number, commandId: number): Promise<void> {
    await this.db
      .insertInto('deviceParameters')
      .values({ ...key, reportedValue: value, reportedTime: time, commandId })
      .onConflict((oc) =>
        oc.columns(['deviceId', 'name', 'polId']).doUpdateSet({ reportedValue: value, reportedTime: time, commandId }),
      )
      .execute();
  }

  /** What the platform wants, and the command queued to set it. */
  async wanted(key: ParameterKey, value: string, time: number, commandId: number): Promise<void> {
    await this.db
      .insertInto('deviceParameters')
      .values({ ...key, wantedValue: value, wantedTime: time, commandId })
      .onConflict((oc) =>
        oc.columns(['deviceId', 'name', 'polId']).doUpdateSet({ wantedValue: value, wantedTime: time, commandId }),
      )
      .execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('deviceParameters').where('id', '=', id).execute();
  }

  private base() {
    return this.db
      .selectFrom('deviceParameters')
      .leftJoin('stationCommands', 'stationCommands.id', 'deviceParameters.commandId')
      .selectAll('deviceParameters')
      .select('stationCommands.state as commandState');
  }
}
