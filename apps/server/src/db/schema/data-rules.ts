import type { Generated } from 'kysely';

/** Settings › regular: one data rule of a device's factor (migration 0021; the symbol's parameters, others null). */
export interface DataRulesTable {
  id: Generated<number>;
  deviceId: number;
  factorCode: string;
  symbol: string;
  k: number | null;
  b: number | null;
  fromUnit: string | null;
  toUnit: string | null;
  mode: string | null;
  limitValue: number | null;
  fixedValue: number | null;
  decimals: number | null;
  remark: string | null;
  createTime: number;
  updateTime: number;
}
