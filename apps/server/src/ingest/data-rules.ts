import { REGULAR_SYMBOLS, type RegularMode, type RegularSymbol, unitFactor } from '@envmon/shared';

/** One rule as the ingest applies it (a row of data_rules without its bookkeeping). */
export interface DataRule {
  symbol: RegularSymbol;
  k: number | null;
  b: number | null;
  fromUnit: string | null;
  toUnit: string | null;
  mode: RegularMode | null;
  limit: number | null;
  fixedValue: number | null;
  /** round: null for the factor's decimals. */
  decimals: number | null;
}

/** A device × factor's rules, in the order they apply, with the factor's decimals for rounding. */
export interface RuleSet {
  rules: readonly DataRule[];
  factorDecimals: number | null;
}

/** Where the ingest finds the rules of a device's factor (null: none). */
export interface DataRuleSource {
  rules(deviceId: number, factorCode: string): RuleSet | null;
}

export const NO_DATA_RULES: DataRuleSource = { rules: () => null };

/** Significant digits a value keeps after arithmetic: a binary float's noise (3.3000000000000003) lies beyond them. */
const SIGNIFICANT = 15;

/** Drops the binary noise an operation left (1.1 × 3 = 3.3000000000000003 → 3.3). */
export function clean(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x === 0 ? 0 : x;
  return Number(x.toPrecision(SIGNIFICANT));
}

/** The decimal digits of |x| (at most 15 significant) as an integer string and how many of them follow the point. */
function decimalDigits(x: number): { digits: string; scale: number } {
  const [mantissa = '0', exp = '0'] = Math.abs(x).toPrecision(SIGNIFICANT).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let scale = fraction.length - Number(exp);
  // Trailing zeros of the fraction say nothing (12.3450 is 12.345 for rounding).
  while (scale > 0 && digits.length > 1 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return { digits, scale };
}

/**
 * Rounds to `decimals` places by GB/T 8170-2008 (四舍六入五成双): a dropped part below 5 rounds down, above 5
 * up; exactly 5 followed by any non-zero digit rounds up (五后有数进一); exactly 5 with nothing after it rounds
 * to the even neighbour. Negative values are rounded as their absolute value and given the sign back. Works on
 * the value's decimal digits (15 significant), not on binary halves: 2.675 rounds to 2.68, though the double
 * nearest 2.675 lies below it.
 */
export function roundGbt8170(x: number, decimals: number): number {
  if (!Number.isFinite(x)) return x;
  const { digits, scale } = decimalDigits(x);
  if (scale <= decimals) return clean(x);
  const cut = digits.length - (scale - decimals);
  const kept = cut > 0 ? digits.slice(0, cut) : '0';
  const dropped = cut > 0 ? digits.slice(cut) : '0'.repeat(-cut) + digits;
  const first = Number(dropped[0]);
  const restNonZero = /[1-9]/.test(dropped.slice(1));
  const lastKeptOdd = Number(kept.at(-1)) % 2 === 1;
  const up = first > 5 || (first === 5 && (restNonZero || lastKeptOdd));
  const magnitude = BigInt(kept) + (up ? 1n : 0n);
  const text = magnitude.toString().padStart(decimals + 1, '0');
  const rounded = Number(decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`);
  return x < 0 && rounded !== 0 ? -rounded : rounded;
}

/** What replaces a value below the detection limit. */
function belowLimit(value: number, limit: number, rule: DataRule): number | null {
  switch (rule.mode) {
    case 'limit':
      return limit;
    case 'half':
      return clean(limit / 2);
    case 'fixed':
      return rule.fixedValue;
    case 'null':
      return null;
    // The negatives' modes (the schema refuses them here), or none: the value stays.
    case 'zero':
    case 'keep':
    case null:
      return value;
  }
}

/** One rule on one value; null stays null. */
export function applyRule(value: number | null, rule: DataRule, factorDecimals: number | null): number | null {
  if (value === null) return null;
  switch (rule.symbol) {
    case 'unit': {
      const factor = rule.fromUnit && rule.toUnit ? unitFactor(rule.fromUnit, rule.toUnit) : null;
      if (factor === null) return value;
      // Dividing by a power of ten gives the nearest double of the decimal result; multiplying by its inverse may not.
      return clean(factor < 1 ? value / clean(1 / factor) : value * factor);
    }
    case 'linear':
      return clean((rule.k ?? 1) * value + (rule.b ?? 0));
    case 'negative':
      if (value >= 0) return value;
      if (rule.mode === 'zero') return 0;
      if (rule.mode === 'null') return null;
      return value;
    case 'detectionLimit':
      return rule.limit === null || value >= rule.limit ? value : belowLimit(value, rule.limit, rule);
    case 'round': {
      const decimals = rule.decimals ?? factorDecimals;
      return decimals === null ? value : roundGbt8170(value, decimals);
    }
  }
}

const ORDER = new Map<RegularSymbol, number>(REGULAR_SYMBOLS.map((s, i) => [s, i]));

/** Rules sorted into the order they apply (REGULAR_SYMBOLS). */
export function inApplyOrder<R extends { symbol: RegularSymbol }>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => (ORDER.get(a.symbol) ?? 0) - (ORDER.get(b.symbol) ?? 0));
}

/** A value through a device × factor's rules, in their order (the set's rules are already sorted). */
export function applyRules(value: number | null, set: RuleSet): number | null {
  let v = value;
  for (const rule of set.rules) v = applyRule(v, rule, set.factorDecimals);
  return v;
}
