import {
  OUTLIER_APPLY_KINDS,
  type OutlierApplication,
  type OutlierApplyKind,
  type OutlierInterval,
} from '@envmon/shared';
import { parseMonths } from '../../db/queries/outlier-months.js';
import type { OutlierApplicationRow, OutlierIntervalRow } from './outlier-interval.repository.js';

export function toOutlierInterval(row: OutlierIntervalRow): OutlierInterval {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceCode: row.deviceCode,
    factorCode: row.factorCode,
    // A factor removed from the catalogue is named by its code.
    factorName: row.factorName ?? row.factorCode,
    factorNameEn: row.factorNameEn ?? row.factorCode,
    unit: row.unit,
    months: parseMonths(row.months),
    abnMin: row.abnMin,
    abnMax: row.abnMax,
    wnMin: row.wnMin,
    wnMax: row.wnMax,
    remark: row.remark,
    updatedBy: row.updatedBy,
    updateTime: Number(row.updateTime),
  };
}

const isKind = (kind: unknown): kind is OutlierApplyKind => (OUTLIER_APPLY_KINDS as readonly unknown[]).includes(kind);

function jsonList(text: string): unknown[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : [];
}

/** An application with its devices named (as they are named now; a deleted one has no name). */
export function toOutlierApplication(
  row: OutlierApplicationRow,
  names: ReadonlyMap<number, string>,
): OutlierApplication {
  return {
    id: row.id,
    userName: row.userName,
    createTime: Number(row.createTime),
    devices: jsonList(row.deviceIds)
      .filter((id): id is number => typeof id === 'number')
      .map((id) => ({ id, name: names.get(id) ?? null })),
    factorCodes: jsonList(row.factorCodes).filter((code): code is string => typeof code === 'string'),
    kinds: jsonList(row.kinds).filter(isKind),
    beginTime: Number(row.beginTime),
    endTime: Number(row.endTime),
    examined: row.examined,
    changed: row.changed,
  };
}

/** The device ids an application names. */
export function applicationDeviceIds(row: OutlierApplicationRow): number[] {
  return jsonList(row.deviceIds).filter((id): id is number => typeof id === 'number');
}
