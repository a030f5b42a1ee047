import type { Kysely } from 'kysely';
import type { Database, MeasurementKind } from '../../db/schema.js';

export interface ReportValueRow {
  factorCode: string;
  dataTime: number;
  value: number | null;
  min: number | null;
  max: number | null;
  flag: string | null;
  quality: string;
}

export interface ReportFactorRow {
  factorCode: string;
  factorName: string | null;
  factorNameEn: string | null;
  unit: string | null;
}

export interface ReportThresholdRow {
  factorCode: string;
  operator: number;
  limit1: number | null;
  limit2: number | null;
}

/** What the reports read: rollup rows (hour/day/month), thresholds and the factor catalogue. */
export class ReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async deviceExists(deviceId: number): Promise<boolean> {
    return (await this.db.selectFrom('devices').select('id').where('id', '=', deviceId).executeTakeFirst()) !== undefined;
  }

  /** One device's rollups of one kind in [from, to): a range along the measurements key (device, kind, data time). */
  async rollups(deviceId: number, kind: MeasurementKind, from: number, to: number): Promise<ReportValueRow[]> {
    const rows = await this.db
      .selectFrom('measurements')
      .select(['factorCode', 'dataTime', 'value', 'min', 'max', 'flag', 'quality'])
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('dataTime', '>=', from)
      .where('dataTime', '<', to)
      .orderBy('dataTime')
      .orderBy('factorCode')
      .execute();
    return rows.map((row) => ({ ...row, dataTime: Number(row.dataTime) }));
  }

  async thresholds(deviceId: number): Promise<ReportThresholdRow[]> {
    return this.db
      .selectFrom('thresholds')
      .select(['factorCode', 'operator', 'limit1', 'limit2'])
      .where('deviceId', '=', deviceId)
      .where('enabled', '=', 1)
      .execute();
  }

  /** Catalogue names with the device's own unit when it sets one. */
  async factors(deviceId: number, codes: readonly string[]): Promise<ReportFactorRow[]> {
    if (codes.length === 0) return [];
    return this.db
      .selectFrom('factors')
      .leftJoin('deviceFactors', (join) =>
        join.onRef('deviceFactors.factorCode', '=', 'factors.factorCode').on('deviceFactors.deviceId', '=', deviceId),
      )
      .select((eb) => [
        'factors.factorCode',
        'factors.factorName',
        'factors.factorNameEn',
        eb.fn.coalesce('deviceFactors.unit', 'factors.unit').as('unit'),
      ])
      .where('factors.factorCode', 'in', codes)
      .execute();
  }
}
