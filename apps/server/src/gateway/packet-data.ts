import { type Hj212Factor, type Hj212Message, normaliseFactorCode, parseHj212Time } from '@envmon/hj212';
import type { IncomingValue, IngestPacket, StationDataKind } from '../ingest/ingest-pipeline.js';
import type { StationIdentity } from '../modules/device/device.repository.js';
import type { SplitPacketAssembler } from './split-packets.js';

/** Upload CNs whose values are stored, and the measurement kind each becomes (DESIGN.md 'Data'). */
export const DATA_KINDS: Readonly<Record<string, StationDataKind>> = {
  '2011': 'rtd',
  '2051': 'min',
  '2061': 'hour',
  '2031': 'day',
};

/**
 * Equipment-state uploads (2021 run state, 2041 run time, 2081 restart): no values are stored, the original record
 * keeps them (with their DataTime) and they are announced ('state.received'), e.g. for forwarding.
 */
export const STATE_CNS: ReadonlySet<string> = new Set(['2021', '2041', '2081']);

/** A header field read from a packet that did not parse, for the record of its rejection. */
export const rawField = (raw: string, name: string): string | null =>
  new RegExp(`[;#\\d]${name}=([^;&]*)`).exec(raw)?.[1] ?? null;

function toValues(factors: readonly Hj212Factor[], kind: StationDataKind): IncomingValue[] {
  const values: IncomingValue[] = [];
  for (const f of factors) {
    const value = kind === 'rtd' ? (f.rtd ?? f.avg) : (f.avg ?? f.rtd);
    // Fields that carry no measurement (Info, SN, equipment state) stay in the original record only.
    if (value === undefined && f.min === undefined && f.max === undefined && f.cou === undefined) continue;
    values.push({
      factorCode: normaliseFactorCode(f.code),
      value: value ?? null,
      min: f.min ?? null,
      max: f.max ?? null,
      cou: f.cou ?? null,
      flag: f.flag ?? null,
    });
  }
  return values;
}

/**
 * What an upload stores: its measurement kind, data time and values — none for CNs that carry no
 * data, and for a part of a split upload until its last part completes it.
 */
export function packetData(
  m: Hj212Message,
  station: StationIdentity,
  now: number,
  assembler: SplitPacketAssembler,
): { data: IngestPacket['data']; reason: string | null; state?: IngestPacket['state'] } {
  const dataTime = m.dataTime === undefined ? undefined : parseHj212Time(m.dataTime, station.utcOffsetMinutes);
  if (STATE_CNS.has(m.cn)) return { data: null, reason: null, state: { dataTime: dataTime?.getTime() ?? null } };
  const kind = DATA_KINDS[m.cn];
  if (!kind) return { data: null, reason: null };
  if (!dataTime) return { data: null, reason: 'no valid DataTime: data not stored' };
  let factors = m.factors;
  if (m.flag?.split && m.pnum !== undefined && m.pno !== undefined && m.pnum > 1) {
    const whole = assembler.add(
      { mn: station.deviceCode, cn: m.cn, dataTime: m.dataTime ?? '' },
      m.pnum,
      m.pno,
      m.factors,
      now,
    );
    if (!whole) return { data: null, reason: `part ${m.pno} of ${m.pnum}: stored with the last part` };
    factors = whole;
  }
  return { data: { kind, dataTime: dataTime.getTime(), values: toValues(factors, kind) }, reason: null };
}
