import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { QualityParamsSource } from './ingest-pipeline.js';
import type { QualityParams } from './quality.js';
import { defaultQualityParams } from './quality-defaults.js';

/** Quality parameters per factor as configured in the factor catalogue; codes not in it get the defaults. */
export class FactorQualityCatalogue implements QualityParamsSource {
  private byCode = new Map<string, QualityParams>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Reads the catalogue; call again after the factor settings change. */
  async load(): Promise<void> {
    const rows = await this.db.selectFrom('factors').selectAll().execute();
    this.byCode = new Map(
      rows.map((r) => [
        r.factorCode,
        {
          rangeMin: r.rangeMin,
          rangeMax: r.rangeMax,
          zeroIsSuspect: r.zeroIsSuspect === 1,
          constantCount: r.constantCount,
          riseRatio: r.riseRatio,
          dropRatio: r.dropRatio,
          outlierMin: r.outlierMin,
          outlierMax: r.outlierMax,
        },
      ]),
    );
  }

  params(factorCode: string): QualityParams {
    return this.byCode.get(factorCode) ?? defaultQualityParams(factorCode);
  }
}
