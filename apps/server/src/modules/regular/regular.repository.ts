import { type DataRuleItem, type DataRuleListQuery, REGULAR_SYMBOLS } from '@envmon/shared';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, DataRulesTable } from '../../db/schema.js';
import { selectPage } from '../../db/sql.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

export type DataRuleRow = Selectable<DataRulesTable> & {
  deviceName: string | null;
  deviceCode: string | null;
  factorName: string | null;
  factorNameEn: string | null;
  factorUnit: string | null;
  factorDecimals: number | null;
};

const COLUMNS = [
  'dataRules.id',
  'dataRules.deviceId',
  'devices.deviceName',
  'devices.deviceCode',
  'dataRules.factorCode',
  'factors.factorName',
  'factors.factorNameEn',
  'factors.unit as factorUnit',
  'factors.decimals as factorDecimals',
  'dataRules.symbol',
  'dataRules.k',
  'dataRules.b',
  'dataRules.fromUnit',
  'dataRules.toUnit',
  'dataRules.mode',
  'dataRules.limitValue',
  'dataRules.fixedValue',
  'dataRules.decimals',
  'dataRules.remark',
  'dataRules.createTime',
  'dataRules.updateTime',
] as const;

/** Symbols sort in the order they apply (REGULAR_SYMBOLS: constant codes, safe to splice). */
const SYMBOL_RANK = sql<number>`case data_rules.symbol ${sql.raw(
  REGULAR_SYMBOLS.map((symbol, i) => `when '${symbol}' then ${i}`).join(' '),
)} else ${sql.lit(REGULAR_SYMBOLS.length)} end`;

/** A rule's stored columns from its input (the time stamps aside). */
function columns(rule: DataRuleItem) {
  return {
    factorCode: rule.factorCode,
    symbol: rule.symbol,
    k: rule.k,
    b: rule.b,
    fromUnit: rule.fromUnit,
    toUnit: rule.toUnit,
    mode: rule.mode,
    limitValue: rule.limit,
    fixedValue: rule.fixedValue,
    decimals: rule.decimals,
    remark: rule.remark,
  };
}

/** The data_rules table (Settings › regular), read with each rule's device and factor. */
export class RegularRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private joined() {
    return this.db
      .selectFrom('dataRules')
      .innerJoin('devices', 'devices.id', 'dataRules.deviceId')
      .leftJoin('factors', 'factors.factorCode', 'dataRules.factorCode');
  }

  private ordered() {
    return this.joined().select(COLUMNS).orderBy('dataRules.factorCode').orderBy(SYMBOL_RANK);
  }

  /** A page of the rules of the devices in scope, by device, factor and symbol. */
  list(query: DataRuleListQuery, scope: DeviceScope): Promise<{ rows: DataRuleRow[]; total: number }> {
    let filtered = this.joined().where((eb) => devicesInScope(eb, scope));
    if (query.deviceId !== undefined) filtered = filtered.where('dataRules.deviceId', '=', query.deviceId);
    if (query.factorCode) filtered = filtered.where('dataRules.factorCode', '=', query.factorCode);
    if (query.symbol !== undefined) filtered = filtered.where('dataRules.symbol', '=', query.symbol);
    return selectPage(filtered, query, (q) =>
      q
        .select(COLUMNS)
        .orderBy('devices.deviceName')
        .orderBy('dataRules.deviceId')
        .orderBy('dataRules.factorCode')
        .orderBy('dataRules.id'),
    );
  }

  byDevice(deviceId: number): Promise<DataRuleRow[]> {
    return this.ordered().where('dataRules.deviceId', '=', deviceId).execute();
  }

  async find(id: number): Promise<DataRuleRow | null> {
    return (await this.ordered().where('dataRules.id', '=', id).executeTakeFirst()) ?? null;
  }

  /** The id of the device's rule of that factor and symbol (null: none). */
  async idOf(deviceId: number, factorCode: string, symbol: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('dataRules')
      .select('id')
      .where('deviceId', '=', deviceId)
      .where('factorCode', '=', factorCode)
      .where('symbol', '=', symbol)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Of `codes`, those the factor catalogue holds. */
  async knownFactors(codes: readonly string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await this.db.selectFrom('factors').select('factorCode').where('factorCode', 'in', codes).execute();
    return new Set(rows.map((r) => r.factorCode));
  }

  /** Replaces the device's rules with these, in one transaction. */
  async replace(deviceId: number, rules: readonly DataRuleItem[], now: number): Promise<void> {
    await this.db.transaction().execute(async (trx: Transaction<Database>) => {
      await trx.deleteFrom('dataRules').where('deviceId', '=', deviceId).execute();
      if (rules.length === 0) return;
      await trx
        .insertInto('dataRules')
        .values(rules.map((r) => ({ deviceId, ...columns(r), createTime: now, updateTime: now })))
        .execute();
    });
  }

  async insert(deviceId: number, rule: DataRuleItem, now: number): Promise<number> {
    const row = await this.db
      .insertInto('dataRules')
      .values({ deviceId, ...columns(rule), createTime: now, updateTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, deviceId: number, rule: DataRuleItem, now: number): Promise<void> {
    await this.db
      .updateTable('dataRules')
      .set({ deviceId, ...columns(rule), updateTime: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('dataRules').where('id', '=', id).execute();
  }
}
