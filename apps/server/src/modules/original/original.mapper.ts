import { parseHj212Time, parsePacket } from '@envmon/hj212';
import {
  DEFAULT_UTC_OFFSET_MINUTES,
  type OriginalPacket,
  type OriginalParsed,
  type OtherRow,
  type StationStateKind,
} from '@envmon/shared';
import { MASK, maskStationPasswords } from '../../lib/mask.js';
import type { OriginalRow } from './original.repository.js';

const PASSWORD_FIELD = /^(New)?PW$/i;

/** A packet as listed and exported; the station passwords in it only for those who may edit devices. */
export function toOriginalPacket(row: OriginalRow, showPasswords: boolean): OriginalPacket {
  const packet = {
    ...row,
    utcOffsetMinutes: row.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES,
    accepted: row.accepted === 1,
  };
  if (showPasswords) return packet;
  return { ...packet, raw: maskStationPasswords(row.raw), reason: row.reason && maskStationPasswords(row.reason) };
}

/** The parsed packet with its station passwords masked (parsed first: the masked text no longer matches its CRC). */
export function toOriginalParsed(id: number, raw: string, showPasswords: boolean): OriginalParsed {
  const parsed = parseStored(id, raw);
  if (showPasswords) return parsed;
  const masked = (fields: Record<string, string>) =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, PASSWORD_FIELD.test(k) ? MASK : v]));
  return { ...parsed, raw: maskStationPasswords(raw), header: masked(parsed.header), cp: masked(parsed.cp) };
}

/** The stored raw text parsed again with the codec: header, CP fields and per-factor fields, or the error. */
function parseStored(id: number, raw: string): OriginalParsed {
  const result = parsePacket(raw);
  if (!result.ok) return { id, raw, ok: false, error: result.error, header: {}, cp: {}, factors: [] };
  const { message } = result;
  const header: Record<string, string> = {};
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined) header[name] = String(value);
  };
  put('QN', message.qn);
  put('ST', message.st);
  put('CN', message.cn);
  put('PW', message.pw);
  put('MN', message.mn);
  put('Flag', message.flag?.value);
  put('PNUM', message.pnum);
  put('PNO', message.pno);
  Object.assign(header, message.extra);
  const cp = message.dataTime === undefined ? { ...message.cp } : { DataTime: message.dataTime, ...message.cp };
  return {
    id,
    raw,
    ok: true,
    error: null,
    header,
    cp,
    factors: message.factors.map((f) => ({ code: f.code, values: { ...f.values } })),
  };
}

/** A station's time text read on its own clock (the device's zone), as the ingest reads it. */
const timeOf = (text: string | undefined, utcOffsetMinutes: number) =>
  text === undefined ? null : (parseHj212Time(text, utcOffsetMinutes)?.getTime() ?? null);

/**
 * A stored station-state packet read into rows (HJ212.md CN table):
 * - 2021 runState: one row per `SBxxx-RS` (item SBxxx, value the state: 0 stopped, 1 running, others vendor codes);
 * - 2041 runTime: one row per `SBxxx-RT` (item SBxxx, value the day's run hours);
 * - 2081 restart: one row with `RestartTime` (value epoch ms as text; the raw text when it is not a valid time);
 * - 3020 info: one row per `ixxxxx-Info` field (infoId the i-code: i11xxx log, i12xxx state, i13xxx parameter;
 *   item the packet's `PolId`, the pollutant it is about, when given; value the text without its `//…//` wrapper).
 * A packet that no longer parses gives no rows (its reason is on the original-packet screen).
 */
export function toOtherRows(
  packet: { id: number; receivedAt: number; raw: string; utcOffsetMinutes?: number | null },
  kind: StationStateKind,
): OtherRow[] {
  const result = parsePacket(packet.raw);
  if (!result.ok) return [];
  const { message } = result;
  const offset = packet.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES;
  const base = { packetId: packet.id, receivedAt: packet.receivedAt, dataTime: timeOf(message.dataTime, offset) };
  const row = (item: string | null, infoId: string | null, value: string | null): OtherRow => ({
    ...base,
    item,
    infoId,
    value,
  });
  switch (kind) {
    case 'runState':
      return message.factors
        .filter((f) => f.values.RS !== undefined)
        .map((f) => row(f.code, null, f.values.RS ?? null));
    case 'runTime':
      return message.factors
        .filter((f) => f.values.RT !== undefined)
        .map((f) => row(f.code, null, f.values.RT ?? null));
    case 'restart': {
      const text = message.cp.RestartTime;
      if (text === undefined) return [];
      const at = timeOf(text, offset);
      return [row(null, null, at === null ? text : String(at))];
    }
    case 'info': {
      const polId = message.cp.PolId ?? null;
      return message.factors.filter((f) => f.info !== undefined).map((f) => row(polId, f.code, f.info ?? null));
    }
  }
}
