import type { Kysely, Selectable } from 'kysely';
import type { Database, DeviceFactorsTable, FactorsTable } from '../db/schema.js';

/** The factor catalogue and the devices' own factor settings, as the quality catalogue reads them. */
export class FactorCatalogueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  factors(): Promise<Selectable<FactorsTable>[]> {
    return this.db.selectFrom('factors').selectAll().execute();
  }

  deviceFactors(): Promise<Selectable<DeviceFactorsTable>[]> {
    return this.db.selectFrom('deviceFactors').selectAll().execute();
  }
}
