import type { DeviceFactor, Factor } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { DeviceFactorsTable, FactorsTable } from '../../db/schema.js';

export type FactorRow = Selectable<FactorsTable>;

export function toFactor(row: FactorRow): Factor {
  return {
    factorCode: row.factorCode,
    factorName: row.factorName,
    factorNameEn: row.factorNameEn,
    legacyCode: row.legacyCode,
    kind: row.kind,
    unit: row.unit,
    decimals: row.decimals,
    rangeMin: row.rangeMin,
    rangeMax: row.rangeMax,
    zeroIsSuspect: row.zeroIsSuspect === 1,
    constantCount: row.constantCount,
    riseRatio: row.riseRatio,
    dropRatio: row.dropRatio,
    builtIn: row.builtIn === 1,
    category: row.category,
  };
}

/** A device factor joined with its device and factor. */
export type DeviceFactorRow = Selectable<DeviceFactorsTable> & {
  deviceCode: string;
  deviceName: string;
  factorName: string;
  factorNameEn: string;
  factorUnit: string | null;
};

export function toDeviceFactor(row: DeviceFactorRow): DeviceFactor {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceCode: row.deviceCode,
    deviceName: row.deviceName,
    factorCode: row.factorCode,
    factorName: row.factorName,
    factorNameEn: row.factorNameEn,
    unit: row.unit,
    factorUnit: row.factorUnit,
    standardLimit: row.standardLimit,
    displayOrder: row.displayOrder,
    rangeMin: row.rangeMin,
    rangeMax: row.rangeMax,
    zeroIsSuspect: row.zeroIsSuspect === null ? null : row.zeroIsSuspect === 1,
    constantCount: row.constantCount,
    riseRatio: row.riseRatio,
    dropRatio: row.dropRatio,
  };
}
