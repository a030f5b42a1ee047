import { type DataRule, REGULAR_MODES, REGULAR_SYMBOLS, type RegularMode, type RegularSymbol } from '@envmon/shared';
import type { DataRuleRow } from './regular.repository.js';

const isSymbol = (s: string): s is RegularSymbol => (REGULAR_SYMBOLS as readonly string[]).includes(s);
const isMode = (s: string | null): s is RegularMode => s !== null && (REGULAR_MODES as readonly string[]).includes(s);

export function toDataRule(row: DataRuleRow): DataRule {
  if (!isSymbol(row.symbol)) throw new Error(`unknown data rule symbol ${row.symbol}`);
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceCode: row.deviceCode,
    factorCode: row.factorCode,
    factorName: row.factorName,
    factorNameEn: row.factorNameEn,
    factorUnit: row.factorUnit,
    factorDecimals: row.factorDecimals,
    symbol: row.symbol,
    k: row.k,
    b: row.b,
    fromUnit: row.fromUnit,
    toUnit: row.toUnit,
    mode: isMode(row.mode) ? row.mode : null,
    limit: row.limitValue,
    fixedValue: row.fixedValue,
    decimals: row.decimals,
    remark: row.remark,
    createTime: Number(row.createTime),
    updateTime: Number(row.updateTime),
  };
}
