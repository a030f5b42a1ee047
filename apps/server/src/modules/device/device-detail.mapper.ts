import type { DeviceLatestValue } from '@envmon/shared';

export interface DeviceLatestValueRow {
  factorCode: string;
  factorName: string | null;
  factorNameEn: string | null;
  unit: string | null;
  decimals: number | null;
  kind: string;
  dataTime: number;
  value: number | null;
  flag: string | null;
  quality: string;
  receivedAt: number;
}

export function toDeviceLatestValue(row: DeviceLatestValueRow): DeviceLatestValue {
  return {
    factorCode: row.factorCode,
    factorName: row.factorName,
    factorNameEn: row.factorNameEn,
    unit: row.unit,
    decimals: row.decimals,
    kind: row.kind,
    dataTime: row.dataTime,
    value: row.value,
    flag: row.flag,
    quality: row.quality,
    receivedAt: row.receivedAt,
  };
}
