import type { LiveMessage, RealtimeDevice } from '@envmon/shared';

/**
 * The real-time table's state and how live messages change it. Rows are immutable: a batch of
 * messages gives a new map in which only the rows it touched are new objects, so memoised rows
 * and cells of the other devices do not render again.
 */

export interface LiveCell {
  value: number | null;
  /** The device's own unit for the factor; null: the column's (the catalogue's). */
  unit: string | null;
  flag: string | null;
  quality: string;
  kind: string;
  dataTime: number;
}

export interface LiveRow {
  deviceId: number;
  deviceName: string;
  deviceCode: string;
  deviceType: string;
  online: boolean;
  changedAt: number | null;
  /** The station's zone: the data time is shown on its clock. */
  utcOffsetMinutes: number;
  /** The newest data time among the row's values; null before any value. */
  dataTime: number | null;
  values: Readonly<Record<string, LiveCell>>;
}

export type LiveRows = ReadonlyMap<number, LiveRow>;

export function rowsFromLatest(devices: readonly RealtimeDevice[]): LiveRows {
  const rows = new Map<number, LiveRow>();
  for (const device of devices) {
    const values: Record<string, LiveCell> = {};
    let dataTime: number | null = null;
    for (const { factorCode, ...cell } of device.values) {
      values[factorCode] = cell;
      if (dataTime === null || cell.dataTime > dataTime) dataTime = cell.dataTime;
    }
    rows.set(device.deviceId, {
      deviceId: device.deviceId,
      deviceName: device.deviceName,
      deviceCode: device.deviceCode,
      deviceType: device.deviceType,
      online: device.online,
      changedAt: device.changedAt,
      utcOffsetMinutes: device.utcOffsetMinutes,
      dataTime,
      values,
    });
  }
  return rows;
}

export interface MergeResult {
  rows: LiveRows;
  /** Factor codes the messages carried that `knownFactors` does not hold (new columns). */
  newFactorCodes: string[];
}

function applyMessage(row: LiveRow, message: LiveMessage): LiveRow {
  if (message.type === 'status') {
    return row.online === message.online ? row : { ...row, online: message.online, changedAt: message.at };
  }
  let values: Record<string, LiveCell> | null = null;
  for (const { factorCode, value, flag, quality } of message.values) {
    const current = row.values[factorCode];
    // A backfilled older value never replaces a newer one (the server's latest table does the same).
    if (current && current.dataTime > message.dataTime) continue;
    values ??= { ...row.values };
    values[factorCode] = {
      value,
      unit: current?.unit ?? null,
      flag,
      quality,
      kind: message.kind,
      dataTime: message.dataTime,
    };
  }
  if (!values) return row;
  const dataTime = row.dataTime === null || message.dataTime > row.dataTime ? message.dataTime : row.dataTime;
  return { ...row, values, dataTime };
}

/** Applies a batch of live messages; messages about devices not in the table are ignored. */
export function mergeMessages(
  rows: LiveRows,
  messages: readonly LiveMessage[],
  knownFactors: ReadonlySet<string>,
): MergeResult {
  let next: Map<number, LiveRow> | null = null;
  const newFactorCodes = new Set<string>();
  for (const message of messages) {
    const row = (next ?? rows).get(message.deviceId);
    if (!row) continue;
    const updated = applyMessage(row, message);
    if (updated === row) continue;
    next ??= new Map(rows);
    next.set(row.deviceId, updated);
    if (message.type === 'data') {
      for (const { factorCode } of message.values) if (!knownFactors.has(factorCode)) newFactorCodes.add(factorCode);
    }
  }
  return { rows: next ?? rows, newFactorCodes: [...newFactorCodes] };
}

export interface RowFilter {
  /** Part of the device name or code, any case. */
  text: string;
  deviceType: string | null;
  online: boolean | null;
}

export function filterRows(rows: LiveRows, filter: RowFilter): LiveRow[] {
  const text = filter.text.trim().toLowerCase();
  const out: LiveRow[] = [];
  for (const row of rows.values()) {
    if (filter.deviceType !== null && row.deviceType !== filter.deviceType) continue;
    if (filter.online !== null && row.online !== filter.online) continue;
    if (text !== '' && !row.deviceName.toLowerCase().includes(text) && !row.deviceCode.toLowerCase().includes(text)) {
      continue;
    }
    out.push(row);
  }
  return out;
}
