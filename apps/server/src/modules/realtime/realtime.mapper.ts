import type { RealtimeDevice, RealtimeFactor, RealtimeLatest, RealtimePoint } from '@envmon/shared';
import type { RealtimeLatestRow, RealtimePointRow } from './realtime.repository.js';

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
  const byCode = [...factors.values()].sort((a, b) => (a.factorCode < b.factorCode ? -1 : 1));
  return { factors: byCode, devices };
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
