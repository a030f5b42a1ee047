import {
  overflowExceeded,
  waterClassOf,
  type RealtimeDevice,
  type RealtimeFactor,
  type RealtimeLatest,
  type RealtimeOverflow,
  type RealtimeOverflowStation,
  type RealtimePoint,
  type RealtimeTrendPoint,
  type RealtimeWater,
  type WaterClassLimits,
} from '@envmon/shared';
import { toAlarm, type AlarmRow } from '../alarm/alarm.mapper.js';
import type {
  OverflowThresholdRow,
  RealtimeLatestRow,
  RealtimePointRow,
  TrendRow,
  WaterLimitRow,
} from './realtime.repository.js';

const sortedByCode = (factors: Map<string, RealtimeFactor>): RealtimeFactor[] =>
  [...factors.values()].sort((a, b) => (a.factorCode < b.factorCode ? -1 : 1));

/** Folds the flat device × value rows (ordered by device) into devices with their values, and the factors seen. */
export function toRealtimeLatest(rows: readonly RealtimeLatestRow[]): RealtimeLatest {
  const devices: RealtimeDevice[] = [];
  const factors = new Map<string, RealtimeFactor>();
  let current: RealtimeDevice | undefined;
  for (const row of rows) {
    if (current?.deviceId !== row.deviceId) {
      current = {
        deviceId: row.deviceId,
        deviceName: row.deviceName,
        deviceCode: row.deviceCode,
        deviceType: row.deviceType,
        ifValid: row.ifValid,
        projectId: row.projectId,
        addressId: row.addressId,
        online: row.online === 1,
        changedAt: row.changedAt,
        utcOffsetMinutes: row.utcOffsetMinutes,
        values: [],
      };
      devices.push(current);
    }
    if (row.factorCode === null || row.kind === null || row.dataTime === null || row.quality === null) continue;
    current.values.push({
      factorCode: row.factorCode,
      value: row.value,
      unit: row.unit,
      flag: row.flag,
      quality: row.quality,
      kind: row.kind,
      dataTime: row.dataTime,
    });
    if (!factors.has(row.factorCode)) {
      factors.set(row.factorCode, {
        factorCode: row.factorCode,
        factorName: row.factorName,
        factorNameEn: row.factorNameEn,
        unit: row.catalogueUnit,
        decimals: row.decimals,
      });
    }
  }
  return { factors: sortedByCode(factors), devices };
}

export function toRealtimePoint(row: RealtimePointRow): RealtimePoint {
  return {
    factorCode: row.factorCode,
    dataTime: row.dataTime,
    value: row.value,
    flag: row.flag,
    quality: row.quality,
  };
}

export function toWaterClassLimits(row: WaterLimitRow): WaterClassLimits {
  return {
    factorCode: row.factorCode,
    classLimits: [row.class1, row.class2, row.class3, row.class4, row.class5],
    rangeMin: row.rangeMin,
    rangeMax: row.rangeMax,
  };
}

/** Trend rows (ordered by device, factor, bucket) by device, with each bucket's start time. */
export function trendByDevice(rows: readonly TrendRow[], bucketMs: number): Map<number, RealtimeTrendPoint[]> {
  const byDevice = new Map<number, RealtimeTrendPoint[]>();
  for (const row of rows) {
    const points = byDevice.get(row.deviceId) ?? [];
    points.push({ factorCode: row.factorCode, time: row.bucket * bucketMs, value: row.value, count: row.count });
    byDevice.set(row.deviceId, points);
  }
  return byDevice;
}

export interface TrendWindow {
  from: number;
  bucketMs: number;
}

/** The water stations with each latest value's surface-water class and their trends. */
export function toRealtimeWater(
  latest: RealtimeLatest,
  limitRows: readonly WaterLimitRow[],
  trendRows: readonly TrendRow[],
  window: TrendWindow,
): RealtimeWater {
  const limits = limitRows.map(toWaterClassLimits);
  const limitOf = new Map(limits.map((l) => [l.factorCode, l]));
  const trends = trendByDevice(trendRows, window.bucketMs);
  return {
    ...window,
    factors: latest.factors,
    limits,
    stations: latest.devices.map((device) => ({
      deviceId: device.deviceId,
      deviceName: device.deviceName,
      deviceCode: device.deviceCode,
      online: device.online,
      changedAt: device.changedAt,
      utcOffsetMinutes: device.utcOffsetMinutes,
      values: device.values.map((v) => ({ ...v, waterClass: waterClassOf(limitOf.get(v.factorCode), v.value) })),
      trend: trends.get(device.deviceId) ?? [],
    })),
  };
}

/** Rows of one key, grouped in the order they came. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row)) ?? [];
    group.push(row);
    groups.set(key(row), group);
  }
  return groups;
}

/**
 * The overflow stations (the devices `latest` holds, each with at least one overflow threshold)
 * with their level, the state of each overflow type, their overflow alarms and the level's trend.
 */
export function toRealtimeOverflow(
  latest: RealtimeLatest,
  thresholdRows: readonly OverflowThresholdRow[],
  alarmRows: readonly AlarmRow[],
  trendRows: readonly TrendRow[],
  window: TrendWindow,
): RealtimeOverflow {
  const thresholdsOf = groupBy(thresholdRows, (row) => row.deviceId);
  const alarmsOf = groupBy(alarmRows, (row) => row.deviceId);
  const trends = trendByDevice(trendRows, window.bucketMs);
  const factors = new Map<string, RealtimeFactor>();
  for (const row of thresholdRows) {
    factors.set(row.factorCode, {
      factorCode: row.factorCode,
      factorName: row.factorName,
      factorNameEn: row.factorNameEn,
      unit: row.unit,
      decimals: row.decimals,
    });
  }
  const stations: RealtimeOverflowStation[] = latest.devices.flatMap((device) => {
    const rows = thresholdsOf.get(device.deviceId) ?? [];
    const levelFactorCode = rows[0]?.factorCode;
    if (levelFactorCode === undefined) return [];
    const watched = new Set(rows.map((row) => row.factorCode));
    const values = device.values.filter((v) => watched.has(v.factorCode));
    const valueOf = (code: string) => values.find((v) => v.factorCode === code)?.value;
    return [
      {
        deviceId: device.deviceId,
        deviceName: device.deviceName,
        deviceCode: device.deviceCode,
        online: device.online,
        changedAt: device.changedAt,
        utcOffsetMinutes: device.utcOffsetMinutes,
        levelFactorCode,
        values,
        thresholds: rows.map((row) => {
          const threshold = {
            overflowType: row.overflowType,
            factorCode: row.factorCode,
            operator: row.operator,
            limit1: row.limit1,
            limit2: row.limit2,
            enabled: row.enabled === 1,
          };
          return { ...threshold, exceeded: overflowExceeded(threshold, valueOf(row.factorCode)) };
        }),
        alarms: (alarmsOf.get(device.deviceId) ?? []).map(toAlarm),
        trend: (trends.get(device.deviceId) ?? []).filter((p) => p.factorCode === levelFactorCode),
      },
    ];
  });
  return { ...window, factors: sortedByCode(factors), stations };
}
