import type { DeviceFactor, DeviceFactorItem } from '@envmon/shared';

/** A device factor as an item of the update list (which replaces the device's whole list). */
export function toFactorItem(row: DeviceFactor): DeviceFactorItem {
  return {
    factorCode: row.factorCode,
    unit: row.unit,
    standardLimit: row.standardLimit,
    displayOrder: row.displayOrder,
    rangeMin: row.rangeMin,
    rangeMax: row.rangeMax,
    zeroIsSuspect: row.zeroIsSuspect,
    constantCount: row.constantCount,
    riseRatio: row.riseRatio,
    dropRatio: row.dropRatio,
  };
}

export function byDisplayOrder(a: DeviceFactor, b: DeviceFactor): number {
  return a.displayOrder - b.displayOrder || a.factorCode.localeCompare(b.factorCode);
}

/** The list with one item replaced (by factor code). */
export function replaceItem(rows: readonly DeviceFactor[], item: DeviceFactorItem): DeviceFactorItem[] {
  return rows.map((row) => (row.factorCode === item.factorCode ? item : toFactorItem(row)));
}

export function withoutItem(rows: readonly DeviceFactor[], factorCode: string): DeviceFactorItem[] {
  return rows.filter((row) => row.factorCode !== factorCode).map(toFactorItem);
}

/** New factors go to the end, in the order chosen, with every setting left to the factor's defaults. */
export function withAdded(rows: readonly DeviceFactor[], codes: readonly string[]): DeviceFactorItem[] {
  const present = new Set(rows.map((row) => row.factorCode));
  const last = rows.reduce((max, row) => Math.max(max, row.displayOrder), 0);
  const added = codes
    .filter((code) => !present.has(code))
    .map((factorCode, i): DeviceFactorItem => ({
      factorCode,
      unit: null,
      standardLimit: null,
      displayOrder: last + i + 1,
      rangeMin: null,
      rangeMax: null,
      zeroIsSuspect: null,
      constantCount: null,
      riseRatio: null,
      dropRatio: null,
    }));
  return [...rows.map(toFactorItem), ...added];
}
