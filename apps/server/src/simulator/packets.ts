/**
 * Pure builders for the packets a simulated station sends (HJ212.md §4–§6, §11), and the Beijing-time helpers they
 * need. Stations speak Beijing time (UTC+8); everything else in envmon is UTC epoch ms.
 */
import { DAY_MS, HOUR_MS } from '@envmon/shared';
import {
  formatHj212Time,
  makeFactor,
  splitFields,
  makeFlag,
  serialisePacket,
  type Hj212Factor,
  type Hj212Message,
} from '@envmon/hj212';
import { factorDecimals, type FactorSample, type StationKind } from './station-model.js';

export type UploadCn = '2011' | '2051' | '2061' | '2031';

export const UPLOAD_CNS: readonly UploadCn[] = ['2011', '2051', '2061', '2031'];

/**
 * HJ 212 system codes (HJ212.md §8): 21 surface water quality, 22 ambient air quality, 32 surface-water
 * pollution source (an overflow outfall discharges into the river).
 */
export const STATION_ST = { water: '21', air: '22', overflow: '32' } as const satisfies Record<StationKind, string>;
export type StationSt = (typeof STATION_ST)[StationKind];

/** Flag values we send: 2017 version bits (000001), with or without the answer bit (HJ212.md §5). */
export const FLAG_NO_ACK = 4;
export const FLAG_ACK = 5;

const BEIJING_OFFSET_MS = 8 * HOUR_MS;

/** `YYYYMMDDhhmmss` (or with `zzz` milliseconds for 17 digits) in Beijing time. */
export function formatBeijingTime(ms: number, digits: 14 | 17 = 14): string {
  return formatHj212Time(ms, BEIJING_OFFSET_MS / 60_000, digits === 17);
}

/** Length of one period of a CN's data (2011: none — a real-time value is an instant, returned as 0). */
export function periodLengthMs(cn: UploadCn, minuteIntervalMs: number): number {
  switch (cn) {
    case '2011':
      return 0;
    case '2051':
      return minuteIntervalMs;
    case '2061':
      return HOUR_MS;
    case '2031':
      return DAY_MS;
  }
}

/**
 * Start of the period containing `ms` (HJ212.md §6 "DataTime semantics"): minute data at the interval start, hour
 * data at hh:00, day data at 00:00 Beijing; real-time data at the whole second.
 */
export function periodStartMs(cn: UploadCn, ms: number, minuteIntervalMs: number): number {
  switch (cn) {
    case '2011':
      return Math.floor(ms / 1000) * 1000;
    case '2051':
      // Intervals that divide an hour align the same in UTC and in Beijing time (8 whole hours apart).
      return Math.floor(ms / minuteIntervalMs) * minuteIntervalMs;
    case '2061':
      return Math.floor(ms / HOUR_MS) * HOUR_MS;
    case '2031':
      return Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
  }
}

export function formatFactorValue(code: string, value: number): string {
  const text = value.toFixed(factorDecimals(code));
  // toFixed keeps the sign of tiny negatives ("-0.00").
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}

export interface DataPacketInput {
  mn: string;
  pw: string;
  st: string;
  cn: UploadCn;
  /** The DataTime: the acquisition instant for 2011, the period start for the others. */
  dataTimeMs: number;
  /** Real-time values (2011), or period averages with optional min/max (defaulting to the average). */
  values: readonly FactorSample[];
  /** Data flag per factor code (HJ212.md §7); `N` where absent. */
  flags?: Readonly<Record<string, string>>;
  /** Ask for a 9014 answer (Flag=5) or not (Flag=4). */
  ack: boolean;
  /** The sender's clock when sending; becomes the 17-digit QN. */
  qnMs: number;
}

export interface BuiltPacket {
  qn: string;
  /** The whole packet, CRLF included. */
  text: string;
}

/** An upload: 2011 with `-Rtd`/`-Flag`, period data with `-Avg`/`-Min`/`-Max`/`-Flag`. */
export function buildDataPacket(input: DataPacketInput): BuiltPacket {
  const qn = formatBeijingTime(input.qnMs, 17);
  const factors: Hj212Factor[] = input.values.map((s) => {
    const flag = input.flags?.[s.code] ?? 'N';
    if (input.cn === '2011') {
      return makeFactor(s.code, { Rtd: formatFactorValue(s.code, s.value), Flag: flag });
    }
    return makeFactor(s.code, {
      Avg: formatFactorValue(s.code, s.value),
      Min: formatFactorValue(s.code, s.min ?? s.value),
      Max: formatFactorValue(s.code, s.max ?? s.value),
      Flag: flag,
    });
  });
  const message: Hj212Message = {
    qn,
    st: input.st,
    cn: input.cn,
    pw: input.pw,
    mn: input.mn,
    flag: makeFlag(input.ack ? FLAG_ACK : FLAG_NO_ACK),
    dialect: 'hj212-2017',
    extra: {},
    dataTime: formatBeijingTime(input.dataTimeMs),
    cp: {},
    factors,
  };
  return { qn, text: serialisePacket(message) };
}

export type ReplyCn = '9011' | '9012' | '9013' | '9014';

/**
 * An answer to the host (HJ212.md §11): ST=91, Flag=4, the QN of the request. 9011 carries QnRtn, 9012 ExeRtn,
 * 9013/9014 nothing.
 */
export function buildReplyPacket(input: {
  qn: string | undefined;
  mn: string;
  pw: string;
  cn: ReplyCn;
  cp?: Readonly<Record<string, string>>;
}): string {
  const message: Hj212Message = {
    st: '91',
    cn: input.cn,
    pw: input.pw,
    mn: input.mn,
    flag: makeFlag(FLAG_NO_ACK),
    dialect: 'hj212-2017',
    extra: {},
    cp: { ...input.cp },
    factors: [],
  };
  if (input.qn !== undefined) message.qn = input.qn;
  return serialisePacket(message);
}

/** A station-originated packet other than data: 1011/1061/1063 answers (Flag=4), the 1013 notify (Flag=5). */
export function buildStationPacket(input: {
  mn: string;
  pw: string;
  st: string;
  cn: string;
  ack: boolean;
  qnMs: number;
  cp?: Readonly<Record<string, string>>;
}): BuiltPacket {
  return buildAnswerUpload({ ...input, qn: formatBeijingTime(input.qnMs, 17) });
}

/**
 * An upload answering a host request (3015, 3017–3020): the request's QN, as the standard's examples show, so the
 * host can tell which request it answers. `fields` are the per-factor fields (`w01018-SN`, `i11001-Info`), written
 * after DataTime and the plain fields, grouped by the code before their first `-`.
 */
export function buildAnswerUpload(input: {
  mn: string;
  pw: string;
  st: string;
  cn: string;
  qn: string;
  ack: boolean;
  dataTimeMs?: number;
  cp?: Readonly<Record<string, string>>;
  fields?: readonly (readonly [name: string, value: string])[];
}): BuiltPacket {
  const { cp, factors } = splitFields(input.fields ?? []);
  const message: Hj212Message = {
    qn: input.qn,
    st: input.st,
    cn: input.cn,
    pw: input.pw,
    mn: input.mn,
    flag: makeFlag(input.ack ? FLAG_ACK : FLAG_NO_ACK),
    dialect: 'hj212-2017',
    extra: {},
    cp: { ...input.cp, ...cp },
    factors,
  };
  if (input.dataTimeMs !== undefined) message.dataTime = formatBeijingTime(input.dataTimeMs);
  return { qn: input.qn, text: serialisePacket(message) };
}
