import type { FactorDefinition } from '@envmon/hj212';
import { BATTERY_FACTOR_CODE } from '../modules/alarm/alarm-rules.js';

/**
 * The liquid level an overflow station watches (its overflow, full-pipe and waterlogging
 * thresholds): HJ 212 defines no code for it, so the platform adds one, as it does for the battery.
 */
export const LEVEL_FACTOR_CODE = 'LEVEL';

/**
 * Factors the platform needs that HJ 212 does not define, seeded into the catalogue beside the
 * HJ 212 ones. Kind 'water': battery-powered and level-measuring stations are water and overflow stations.
 */
export const PLATFORM_FACTORS: readonly FactorDefinition[] = [
  {
    code: BATTERY_FACTOR_CODE,
    kind: 'water',
    zh: '电池电压',
    en: 'Battery voltage',
    unit: 'V',
    decimals: 2,
    inStandardTable: false,
  },
  {
    code: LEVEL_FACTOR_CODE,
    kind: 'water',
    zh: '液位',
    en: 'Liquid level',
    unit: 'm',
    decimals: 2,
    inStandardTable: false,
  },
];
