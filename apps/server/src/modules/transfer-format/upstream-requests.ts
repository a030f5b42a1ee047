import { formatHj212Time, type Hj212Message, parseHj212Time, serialisePacket } from '@envmon/hj212';
import type { ForwardCn, UpstreamProtocol } from '@envmon/shared';
import type { MeasurementKind } from '../../db/schema.js';
import { forwardFlag } from './forward-packet.js';

/**
 * What a forwarding link answers when the upstream asks as a host asks a station (HJ212.md §11): the answer
 * packets (9011 request answer, 9012 execution result, 9013 notification answer) and the backfill ranges of
 * 2051/2061/2031 requests, read from the stored data.
 */

/** Who answers: the upstream device's identity there. */
export interface Answerer {
  protocol: UpstreamProtocol;
  upstreamMn: string;
  upstreamPassword: string;
}

export type AnswerCn = '9011' | '9012' | '9013';

/** An answer to `request`: its QN, ST 91, our MN and PW there, our version bits and no answer asked (§11). */
export function answerPacket(
  request: Pick<Hj212Message, 'qn'>,
  cn: AnswerCn,
  cp: Record<string, string>,
  who: Answerer,
): string {
  return serialisePacket({
    qn: request.qn,
    st: '91',
    cn,
    pw: who.upstreamPassword,
    mn: who.upstreamMn,
    flag: { value: forwardFlag(who.protocol, false), ack: false, split: false, version: 0 },
    dialect: who.protocol === '2005' ? 'hj212-2005' : 'hj212-2017',
    extra: {},
    cp,
    factors: [],
  });
}

/**
 * The station's time upload (CN 1011, `SystemTime` on the station clock) in answer to the upstream's 1011, with a
 * fresh QN and the upstream's ST.
 */
export function timeUpload(qn: string, st: string, now: number, utcOffsetMinutes: number, who: Answerer): string {
  return serialisePacket({
    qn,
    st,
    cn: '1011',
    pw: who.upstreamPassword,
    mn: who.upstreamMn,
    flag: { value: forwardFlag(who.protocol, false), ack: false, split: false, version: 0 },
    dialect: who.protocol === '2005' ? 'hj212-2005' : 'hj212-2017',
    extra: {},
    cp: { SystemTime: formatHj212Time(now, utcOffsetMinutes) },
    factors: [],
  });
}

const BACKFILL_KINDS: Partial<Record<ForwardCn, MeasurementKind>> = { '2051': 'min', '2061': 'hour', '2031': 'day' };

export interface BackfillRange {
  cn: ForwardCn;
  kind: MeasurementKind;
  /** Data times from … to, both included (epoch ms). */
  from: number;
  to: number;
}

/**
 * The stored periods a backfill request asks for (Tables C.20–C.22: `BeginTime`, `EndTime` on the station's clock);
 * null when the request is not a backfill or its times do not parse or run backwards.
 */
export function backfillRange(request: Hj212Message, utcOffsetMinutes: number): BackfillRange | null {
  const kind = BACKFILL_KINDS[request.cn as ForwardCn];
  const begin = request.cp.BeginTime;
  const end = request.cp.EndTime;
  if (kind === undefined || begin === undefined || end === undefined) return null;
  const from = parseHj212Time(begin, utcOffsetMinutes)?.getTime();
  const to = parseHj212Time(end, utcOffsetMinutes)?.getTime();
  if (from === undefined || to === undefined || to < from) return null;
  return { cn: request.cn as ForwardCn, kind, from, to };
}
