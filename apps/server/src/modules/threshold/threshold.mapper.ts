import { limitSymbol, type AlarmStrategy, type SurfaceWaterLimit, type Threshold } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { AlarmStrategiesTable, SurfaceWaterLimitsTable, ThresholdsTable } from '../../db/schema.js';

/** A threshold joined with its device and factor. */
export type ThresholdRow = Selectable<ThresholdsTable> & {
  deviceCode: string;
  deviceName: string;
  factorName: string;
  factorNameEn: string;
  unit: string | null;
};

/** overflowType 0 is stored for "none" so that the unique key works; the API says null. */
export const toOverflowType = (stored: number): number | null => (stored === 0 ? null : stored);

export function toThreshold(row: ThresholdRow): Threshold {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceCode: row.deviceCode,
    deviceName: row.deviceName,
    factorCode: row.factorCode,
    factorName: row.factorName,
    factorNameEn: row.factorNameEn,
    unit: row.unit,
    overflowType: toOverflowType(row.overflowType),
    operator: row.operator,
    limit1: row.limit1,
    limit2: row.limit2,
    limitId: row.limitId,
    alarmLevel: row.alarmLevel,
    enabled: row.enabled === 1,
    symbol: limitSymbol(row.limit1, row.limit2),
    updateTime: row.updateTime,
  };
}

export type StrategyRow = Selectable<AlarmStrategiesTable> & { deviceCode: string; deviceName: string };

export function toAlarmStrategy(row: StrategyRow): AlarmStrategy {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceCode: row.deviceCode,
    deviceName: row.deviceName,
    alarmType: row.alarmType,
    enabled: row.enabled === 1,
    alarmLevel: row.alarmLevel,
    consecutiveCount: row.consecutiveCount,
    recoverySeconds: row.recoverySeconds,
    repeatIntervalMinutes: row.repeatIntervalMinutes,
    updateTime: row.updateTime,
  };
}

export type WaterLimitRow = Selectable<SurfaceWaterLimitsTable> & {
  factorName: string;
  factorNameEn: string;
  unit: string | null;
};

export function toSurfaceWaterLimit(row: WaterLimitRow): SurfaceWaterLimit {
  return {
    id: row.id,
    factorCode: row.factorCode,
    factorName: row.factorName,
    factorNameEn: row.factorNameEn,
    unit: row.unit,
    classLimits: [row.class1, row.class2, row.class3, row.class4, row.class5],
    limit1: row.class1,
    limit2: row.class5,
    rangeMin: row.rangeMin,
    rangeMax: row.rangeMax,
    symbol: limitSymbol(row.class1, row.class5),
  };
}
