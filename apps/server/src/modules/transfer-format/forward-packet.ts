import { factorByCode, formatHj212Time, serialisePacket } from '@envmon/hj212';
import type { FactorMapping, ForwardCn, UpstreamProtocol } from '@envmon/shared';

/**
 * The packet an upstream platform receives for one stored upload (issue 20): our data re-sent as a station would,
 * in the upstream's standard (HJ212.md §14: 2005 has version bits 0 and its legacy factor codes), under the MN and
 * password the upstream knows the station by, with a fresh QN (the 9014 answers it) and the CRC of HJ212.md §3.
 */

/** How one upstream wants one device's data. */
export interface ForwardTarget {
  protocol: UpstreamProtocol;
  st: string;
  upstreamMn: string;
  upstreamPassword: string;
  ackRequired: boolean;
  /** Empty: every factor under the protocol's code; otherwise only these, as mapped. */
  factors: readonly FactorMapping[];
  /** The clock DataTime is written on (Beijing time unless the device says otherwise). */
  utcOffsetMinutes: number;
}

/** One stored value of an upload: a measurement row (value is Rtd for 2011, Avg otherwise). */
export interface ForwardValue {
  factorCode: string;
  value: number | null;
  min: number | null;
  max: number | null;
  cou: number | null;
  flag: string | null;
}

/** What to send: an upload's kind, its data time (epoch ms) and values; `cp` carries non-factor fields (2081). */
export interface ForwardRecord {
  cn: ForwardCn;
  dataTime: number;
  values: readonly ForwardValue[];
  /** Per-factor text fields sent as stored (`SB1-RS` of 2021, `SB1-RT` of 2041), keyed by code then suffix. */
  fields?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  cp?: Readonly<Record<string, string>>;
}

export interface ForwardPacket {
  qn: string;
  /** Framed, CRLF included. */
  packet: string;
  /** Factors the mapping left out or that had nothing to send. */
  skipped: string[];
}

/** Flag version bits V0–V5 (HJ212.md §5): 2005 → 0, 2017 → 1. */
const VERSION_BITS: Record<UpstreamProtocol, number> = { '2005': 0, '2017': 1 };

/** Flag for an upload: version bits and, when the upstream is to acknowledge it, bit A. */
export function forwardFlag(protocol: UpstreamProtocol, ackRequired: boolean): number {
  return (VERSION_BITS[protocol] << 2) | (ackRequired ? 1 : 0);
}

/** The upstream's code for one of ours: the mapping's, else for a 2005 upstream the legacy code where one exists. */
export function upstreamFactorCode(code: string, protocol: UpstreamProtocol, mapping?: FactorMapping): string {
  if (mapping?.upstreamCode) return mapping.upstreamCode;
  if (protocol === '2005') return factorByCode(code)?.legacyCode ?? code;
  return code;
}

/**
 * A number as the upstream gets it: converted by the ratio, to the mapping's decimals, else without the float noise
 * a conversion leaves (0.1 × 3 → 0.3).
 */
export function forwardNumber(value: number, mapping?: FactorMapping): string {
  const converted = mapping ? value * mapping.ratio : value;
  if (mapping?.decimals !== null && mapping?.decimals !== undefined) return converted.toFixed(mapping.decimals);
  if (converted === value) return String(value);
  return String(Number(converted.toPrecision(12)));
}

const PERIOD_SUFFIXES = [
  ['min', 'Min'],
  ['value', 'Avg'],
  ['max', 'Max'],
  ['cou', 'Cou'],
] as const;

/** Encodes one upload for an upstream; `qn` is the fresh request id (17 digits, the sender's clock). */
export function encodeForward(record: ForwardRecord, target: ForwardTarget, qn: string): ForwardPacket {
  const byCode = new Map(target.factors.map((m) => [m.factorCode, m]));
  const chosen = (code: string) => target.factors.length === 0 || byCode.has(code);
  const factors: { code: string; values: Record<string, string> }[] = [];
  const skipped: string[] = [];
  for (const v of record.values) {
    const mapping = byCode.get(v.factorCode);
    const values: Record<string, string> = {};
    if (chosen(v.factorCode)) {
      if (record.cn === '2011') {
        if (v.value !== null) values.Rtd = forwardNumber(v.value, mapping);
      } else {
        for (const [field, suffix] of PERIOD_SUFFIXES) {
          const n = v[field];
          if (n !== null) values[suffix] = forwardNumber(n, mapping);
        }
      }
    }
    if (Object.keys(values).length === 0) {
      skipped.push(v.factorCode);
      continue;
    }
    if (v.flag) values.Flag = v.flag;
    factors.push({ code: upstreamFactorCode(v.factorCode, target.protocol, mapping), values });
  }
  for (const [code, fields] of Object.entries(record.fields ?? {})) {
    if (!chosen(code)) {
      skipped.push(code);
      continue;
    }
    factors.push({ code: upstreamFactorCode(code, target.protocol, byCode.get(code)), values: { ...fields } });
  }
  const packet = serialiseForward(target, qn, record.cn, record.dataTime, record.cp, factors);
  return { qn, packet, skipped };
}

/**
 * A packet under the upstream's identity: its ST, our device's MN and PW there, its protocol's framing and Flag
 * (a 9014 asked for or not), the given QN; DataTime on the station's clock.
 */
export function serialiseForward(
  target: ForwardTarget,
  qn: string,
  cn: string,
  dataTime: number,
  cp: Readonly<Record<string, string>> | undefined,
  factors: readonly { code: string; values: Record<string, string> }[],
): string {
  return serialisePacket({
    qn,
    st: target.st,
    cn,
    pw: target.upstreamPassword,
    mn: target.upstreamMn,
    flag: {
      value: forwardFlag(target.protocol, target.ackRequired),
      ack: target.ackRequired,
      split: false,
      version: 0,
    },
    dialect: target.protocol === '2005' ? 'hj212-2005' : 'hj212-2017',
    extra: {},
    dataTime: formatHj212Time(dataTime, target.utcOffsetMinutes),
    cp: { ...cp },
    factors: factors.map((f) => ({ code: f.code, values: f.values })),
  });
}
