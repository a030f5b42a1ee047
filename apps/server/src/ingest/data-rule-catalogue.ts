import { REGULAR_MODES, REGULAR_SYMBOLS, type RegularMode, type RegularSymbol } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { type DataRule, type DataRuleSource, inApplyOrder, type RuleSet } from './data-rules.js';

const isSymbol = (s: string): s is RegularSymbol => (REGULAR_SYMBOLS as readonly string[]).includes(s);
const isMode = (s: string | null): s is RegularMode => s !== null && (REGULAR_MODES as readonly string[]).includes(s);

/** The data rules of every device with the decimals of their factors, as the ingest reads them. */
export class DataRuleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  all() {
    return this.db
      .selectFrom('dataRules as r')
      .leftJoin('factors as f', 'f.factorCode', 'r.factorCode')
      .select([
        'r.deviceId',
        'r.factorCode',
        'r.symbol',
        'r.k',
        'r.b',
        'r.fromUnit',
        'r.toUnit',
        'r.mode',
        'r.limitValue',
        'r.fixedValue',
        'r.decimals',
        'f.decimals as factorDecimals',
      ])
      .execute();
  }
}

/**
 * The data rules held in memory for the ingest, per device and factor in the order they apply; reloaded at
 * start and whenever rules change (config topic 'dataRules', from any process) or the factor catalogue does
 * (a factor's decimals are rounding's default).
 */
export class DataRuleCatalogue implements DataRuleSource {
  private byDevice = new Map<number, Map<string, RuleSet>>();

  constructor(private readonly repo: DataRuleRepository) {}

  async reload(): Promise<void> {
    const grouped = new Map<number, Map<string, { rules: DataRule[]; factorDecimals: number | null }>>();
    for (const row of await this.repo.all()) {
      if (!isSymbol(row.symbol)) continue;
      let perDevice = grouped.get(row.deviceId);
      if (!perDevice) {
        perDevice = new Map();
        grouped.set(row.deviceId, perDevice);
      }
      let set = perDevice.get(row.factorCode);
      if (!set) {
        set = { rules: [], factorDecimals: row.factorDecimals };
        perDevice.set(row.factorCode, set);
      }
      set.rules.push({
        symbol: row.symbol,
        k: row.k,
        b: row.b,
        fromUnit: row.fromUnit,
        toUnit: row.toUnit,
        mode: isMode(row.mode) ? row.mode : null,
        limit: row.limitValue,
        fixedValue: row.fixedValue,
        decimals: row.decimals,
      });
    }
    const byDevice = new Map<number, Map<string, RuleSet>>();
    for (const [deviceId, perFactor] of grouped) {
      byDevice.set(
        deviceId,
        new Map([...perFactor].map(([code, set]) => [code, { ...set, rules: inApplyOrder(set.rules) }])),
      );
    }
    this.byDevice = byDevice;
  }

  rules(deviceId: number, factorCode: string): RuleSet | null {
    return this.byDevice.get(deviceId)?.get(factorCode) ?? null;
  }
}
