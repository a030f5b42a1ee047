import { type Hj212Message, makeFlag } from '@envmon/hj212';

/** Reply system code (HJ212.md §11). */
const REPLY_ST = '91';

/** Our Flag for a packet to this peer: its version bits, no ack, no split (Flag=4 for 2017, 8 for 2025). */
export function replyFlagValue(to: Hj212Message): number {
  return (to.flag?.version ?? 1) << 2;
}

function answer(to: Hj212Message, cn: string, cp: Record<string, string> = {}): Hj212Message {
  return {
    qn: to.qn,
    st: REPLY_ST,
    cn,
    pw: to.pw,
    mn: to.mn,
    flag: makeFlag(replyFlagValue(to)),
    dialect: to.dialect,
    extra: {},
    cp,
    factors: [],
  };
}

/** 9014 data answer: same QN, `CP=&&&&`. */
export const dataAnswer = (to: Hj212Message): Hj212Message => answer(to, '9014');

/** 9013 notification answer (to a 1013 time-calibration request). */
export const notifyAnswer = (to: Hj212Message): Hj212Message => answer(to, '9013');

/** The CNs a station sends in answer to a request of ours; never acknowledged themselves. */
export const ANSWER_CNS: ReadonlySet<string> = new Set(['9011', '9012', '9013', '9014']);
