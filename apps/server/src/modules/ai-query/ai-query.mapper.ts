import { parseHj212Time, parsePacket } from '@envmon/hj212';
import { AI_SUFFIX, DEFAULT_UTC_OFFSET_MINUTES, type AiKind, type AiRow } from '@envmon/shared';
import type { AiPacketRow } from './ai-query.repository.js';

const numberOf = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/**
 * One stored upload read into AI rows: per factor, the engineering value (`-Rtd` for 2011, `-Avg` for 2051),
 * its `-Flag`, and the analog signal of its channel (`-Ai`) when the logger sent one. A factor with neither
 * value gives no row (e.g. a lone `-Info`); a packet that no longer parses gives none.
 */
export function toAiRows(
  packet: AiPacketRow,
  kind: AiKind,
  factorCodes: ReadonlySet<string>,
  utcOffsetMinutes: number = DEFAULT_UTC_OFFSET_MINUTES,
): AiRow[] {
  const result = parsePacket(packet.raw);
  if (!result.ok) return [];
  const { message } = result;
  // DataTime is the station's clock (its zone), as the ingest reads it.
  const dataTime =
    message.dataTime === undefined ? null : (parseHj212Time(message.dataTime, utcOffsetMinutes)?.getTime() ?? null);
  const rows: AiRow[] = [];
  for (const factor of message.factors) {
    if (factorCodes.size > 0 && !factorCodes.has(factor.code)) continue;
    const value = numberOf(kind === 'rtd' ? factor.values.Rtd : factor.values.Avg);
    const analog = numberOf(factor.values[AI_SUFFIX]);
    if (value === null && analog === null) continue;
    rows.push({
      packetId: packet.id,
      dataTime,
      factorCode: factor.code,
      value,
      flag: factor.values.Flag ?? null,
      analog,
    });
  }
  return rows;
}
