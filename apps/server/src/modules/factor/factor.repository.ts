import { type FactorInput, type FactorListQuery, VOCABULARIES } from '@envmon/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import type { FactorRow } from './factor.mapper.js';

const UNIT_VOCABULARY = VOCABULARIES.unit;

function toColumns(input: FactorInput) {
  return { ...input, zeroIsSuspect: input.zeroIsSuspect ? 1 : 0 };
}

export class FactorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(query: FactorListQuery): Promise<{ rows: FactorRow[]; total: number }> {
    let base = this.db.selectFrom('factors');
    const { factorCode, factorName, kind } = query;
    if (factorCode) base = base.where((eb) => containsText(eb.ref('factorCode'), factorCode));
    if (factorName) {
      base = base.where((eb) =>
        eb.or([containsText(eb.ref('factorName'), factorName), containsText(eb.ref('factorNameEn'), factorName)]),
      );
    }
    if (kind) base = base.where('kind', '=', kind);
    return selectPage(base, query, (q) => q.selectAll().orderBy('kind').orderBy('factorCode'));
  }

  all(kind: string | undefined): Promise<FactorRow[]> {
    let query = this.db.selectFrom('factors').selectAll();
    if (kind) query = query.where('kind', '=', kind);
    return query.orderBy('kind').orderBy('factorCode').execute();
  }

  /** The factors with the unit vocabulary's names of their units (the dictionary, as operators may have renamed them). */
  units(kind: string | undefined) {
    let query = this.db
      .selectFrom('factors')
      .leftJoin('dictionary', (join) =>
        join
          .onRef('dictionary.value', '=', 'factors.unit')
          .on('dictionary.tableName', '=', UNIT_VOCABULARY.tableName)
          .on('dictionary.columnName', '=', UNIT_VOCABULARY.columnName),
      )
      .select([
        'factors.factorCode',
        'factors.factorName',
        'factors.factorNameEn',
        'factors.kind',
        'factors.unit',
        'factors.decimals',
        'dictionary.label as unitName',
        'dictionary.labelEn as unitNameEn',
      ]);
    if (kind) query = query.where('factors.kind', '=', kind);
    return query.orderBy('factors.kind').orderBy('factors.factorCode').execute();
  }

  async find(factorCode: string): Promise<FactorRow | null> {
    return (
      (await this.db.selectFrom('factors').selectAll().where('factorCode', '=', factorCode).executeTakeFirst()) ?? null
    );
  }

  async existingCodes(codes: readonly string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await this.db.selectFrom('factors').select('factorCode').where('factorCode', 'in', codes).execute();
    return new Set(rows.map((r) => r.factorCode));
  }

  async insert(input: FactorInput): Promise<void> {
    await this.db
      .insertInto('factors')
      .values({ ...toColumns(input), builtIn: 0 })
      .execute();
  }

  async update(input: FactorInput): Promise<void> {
    const { factorCode, ...rest } = toColumns(input);
    await this.db.updateTable('factors').set(rest).where('factorCode', '=', factorCode).execute();
  }

  async delete(factorCode: string): Promise<void> {
    await this.db.deleteFrom('factors').where('factorCode', '=', factorCode).execute();
  }

  /** Whether a device or a virtual device (comma list of codes) still names the factor. */
  async inUse(factorCode: string): Promise<boolean> {
    const byDevice = await this.db
      .selectFrom('deviceFactors')
      .select('id')
      .where('factorCode', '=', factorCode)
      .executeTakeFirst();
    if (byDevice) return true;
    const needle = `%,${factorCode.replace(/[\\%_]/g, (ch) => `\\${ch}`)},%`;
    const byVirtual = await this.db
      .selectFrom('virtualDevices')
      .select('id')
      .where(sql<boolean>`(',' || factor_codes || ',') like ${needle} escape '\\'`)
      .executeTakeFirst();
    return byVirtual !== undefined;
  }
}
