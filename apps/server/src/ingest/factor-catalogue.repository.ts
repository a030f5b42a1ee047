import type { OutlierRule } from '@envmon/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DeviceFactorsTable, FactorsTable } from '../db/schema.js';
import { parseMonths } from '../db/queries/outlier-months.js';

/** The factor catalogue, the devices' own factor settings and the outlier intervals, as the quality catalogue reads them. */
export class FactorCatalogueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  factors(): Promise<Selectable<FactorsTable>[]> {
    return this.db.selectFrom('factors').selectAll().execute();
  }

  deviceFactors(): Promise<Selectable<DeviceFactorsTable>[]> {
    return this.db.selectFrom('deviceFactors').selectAll().execute();
  }

  async outlierIntervals(): Promise<OutlierRule[]> {
    const rows = await this.db
      .selectFrom('outlierIntervals')
      .select(['deviceId', 'factorCode', 'months', 'abnMin', 'abnMax', 'wnMin', 'wnMax'])
      .execute();
    return rows.map((r) => ({ ...r, months: parseMonths(r.months) }));
  }
}
