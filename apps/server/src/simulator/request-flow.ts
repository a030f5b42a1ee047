/**
 * The answers every host request gets (HJ212.md §10–11): 9011 with QnRtn, 9012 with ExeRtn, 9013 for a notify, each
 * with the request's QN, ST=91 and Flag=4; and the three-step flow that wraps a request's work.
 */
import type { Hj212Message } from '@envmon/hj212';
import { buildReplyPacket, type ReplyCn } from './packets.js';

/** QnRtn (HJ212.md §10). */
export const QN_READY = '1';
export const QN_REJECTED = '2';
export const QN_PW_ERROR = '3';
export const QN_MN_ERROR = '4';
/** ExeRtn (HJ212.md §10). */
export const EXE_OK = '1';
export const EXE_CONDITION_ERROR = '3';
export const EXE_NO_DATA = '100';

/** Where the answers go, and the header values they carry. */
export interface AnsweringStation {
  readonly mn: string;
  pw(): string;
  write(text: string): void;
}

export function reply(
  station: AnsweringStation,
  request: Hj212Message,
  cn: ReplyCn,
  cp?: Record<string, string>,
): void {
  station.write(
    buildReplyPacket({ qn: request.qn, mn: station.mn, pw: station.pw(), cn, ...(cp === undefined ? {} : { cp }) }),
  );
}

/** The three-step request flow: 9011 ready, the work (which may send packets), 9012 with its result. */
export function execute(station: AnsweringStation, request: Hj212Message, work: () => string): void {
  reply(station, request, '9011', { QnRtn: QN_READY });
  const exeRtn = work();
  reply(station, request, '9012', { ExeRtn: exeRtn });
}
