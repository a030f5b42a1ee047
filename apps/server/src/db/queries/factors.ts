import type { GatherFactor } from '@envmon/shared';
import type { ExpressionBuilder, ExpressionWrapper, JoinBuilder, Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Catalogue entries of `codes` (name, unit, decimals), in code order. */
export function factorsByCode(db: Kysely<Database>, codes: readonly string[]): Promise<GatherFactor[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('factors')
    .select(['factorCode', 'factorName', 'factorNameEn', 'unit', 'decimals'])
    .where('factorCode', 'in', [...codes])
    .orderBy('factorCode')
    .execute();
}

/** Tables of per-device factor values, which `deviceFactors` joins on (device, factor). */
type ValueTable = 'latestValues' | 'alarms';

/**
 * The join condition of a device's own factor settings (device_factors) on the rows of `of`: left-join
 * `deviceFactors` with it, and `factors` on the factor code, to select effectiveUnit.
 */
export function ownFactorSettings<T extends ValueTable>(of: T) {
  return <DB, TB extends keyof DB>(join: JoinBuilder<DB, TB>): JoinBuilder<DB, TB> => {
    const j = join as unknown as JoinBuilder<Database, 'deviceFactors' | ValueTable>;
    return j
      .onRef('deviceFactors.deviceId', '=', `${of}.deviceId`)
      .onRef('deviceFactors.factorCode', '=', `${of}.factorCode`);
  };
}

/** The unit a value is in: the device's own for the factor, else the catalogue's (deviceFactors and factors joined). */
export function effectiveUnit<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB | 'factors' | 'deviceFactors'>,
): ExpressionWrapper<Database, 'factors' | 'deviceFactors', string | null> {
  const e = eb as unknown as ExpressionBuilder<Database, 'factors' | 'deviceFactors'>;
  return e.fn.coalesce('deviceFactors.unit', 'factors.unit');
}
