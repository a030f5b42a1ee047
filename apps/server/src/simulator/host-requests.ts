/**
 * How a simulated station answers the host's requests (HJ212.md §10–11): backfill, time, intervals, the answer
 * policy and the password, each in the three-step flow (9011 ready, the work, 9012 with its result), and the
 * real-time stream's start and stop. The instrument commands (3011–3021, 3042+) are in site-commands.ts; what a
 * kind of station does not support is refused.
 */
import { type FrameDecoder, type FrameDecoderItem, type Hj212Message, parseHj212Time } from '@envmon/hj212';
import { buildStationPacket, formatBeijingTime, periodLengthMs, periodStartMs, type UploadCn } from './packets.js';
import {
  type AnsweringStation,
  EXE_CONDITION_ERROR,
  EXE_NO_DATA,
  EXE_OK,
  execute,
  QN_MN_ERROR,
  QN_PW_ERROR,
  QN_READY,
  QN_REJECTED,
  reply,
} from './request-flow.js';
import { answerSiteCommand, type SiteCommandStation } from './site-commands.js';

/** Most periods one backfill request streams (a week of 1-minute data is ~10 000). */
const MAX_BACKFILL_PERIODS = 10_000;
/** HJ212.md §6: MinInterval ∈ {1,2,3,4,5,6,10,12,15,20,30} minutes (60 too: some stations send hourly "minute" data). */
const MIN_INTERVALS = new Set([1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60]);
/** A password the station takes (1072): NewPW is C6, some stations carry up to 24 characters; none that would break the data segment. */
const VALID_PW = /^[^;,=&\s]{1,24}$/;

/** What a host request may read and change on the station it reaches. */
export interface RequestedStation extends AnsweringStation, SiteCommandStation {
  readonly st: string;
  /** The current password (1072 changes it). */
  pw(): string;
  /** Whether this kind of station carries out the command (SUPPORTED_CNS); the others are refused with QnRtn=2. */
  supports(cn: string): boolean;
  rtdIntervalMs(): number;
  minuteIntervalMs(): number;
  now(): number;
  nextQnMs(): number;
  log(line: string): void;
  upload(cn: UploadCn, dataTimeMs: number, withFault: boolean): Promise<boolean>;
  /** A 9013/9014 answer to one of the station's uploads. */
  acknowledge(qn: string | undefined): void;
  /** A request (anything but the answers), before the station acts on it. */
  heard(message: Hj212Message): void;
  setRtdInterval(ms: number): void;
  setMinuteInterval(ms: number): void;
  setAnswerPolicy(ackTimeoutMs: number, maxResends: number): void;
  setPassword(pw: string): void;
  setRealtime(enabled: boolean): void;
  setClock(targetMs: number): void;
}

/** Reads the host's packets off the connection and answers each; what cannot be read is logged and skipped. */
export function answerHostData(station: RequestedStation, decoder: FrameDecoder, chunk: Buffer): void {
  let items: FrameDecoderItem[];
  try {
    items = decoder.push(chunk);
  } catch (err) {
    decoder.reset();
    station.log(`framing failed: ${String(err)}`);
    return;
  }
  for (const item of items) {
    if (item.kind === 'error') {
      station.log(`skipped ${item.skipped} bytes: ${item.error.detail}`);
      continue;
    }
    if (!item.result.ok) {
      station.log(`bad packet: ${item.result.error.code} ${item.result.error.detail}`);
      continue;
    }
    try {
      answerHostRequest(station, item.result.message);
    } catch (err) {
      station.log(`failed to handle CN=${item.result.message.cn}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

export function answerHostRequest(station: RequestedStation, message: Hj212Message): void {
  switch (message.cn) {
    case '9013':
    case '9014':
      station.acknowledge(message.qn);
      return;
    case '9011':
    case '9012':
      return;
  }
  station.heard(message);
  if (message.pw !== undefined && message.pw !== station.pw()) {
    reply(station, message, '9011', { QnRtn: QN_PW_ERROR });
    return;
  }
  if (message.mn !== undefined && message.mn !== station.mn) {
    reply(station, message, '9011', { QnRtn: QN_MN_ERROR });
    return;
  }
  if (!station.supports(message.cn)) {
    reply(station, message, '9011', { QnRtn: QN_REJECTED });
    return;
  }
  if (answerSiteCommand(station, message)) return;
  switch (message.cn) {
    case '2051':
    case '2061':
    case '2031':
      backfill(station, message, message.cn);
      return;
    case '1012':
      setTime(station, message);
      return;
    case '1011':
      execute(station, message, () => {
        sendInfo(station, message, '1011', { SystemTime: formatBeijingTime(station.now()) });
        return EXE_OK;
      });
      return;
    case '1061':
      execute(station, message, () => {
        sendInfo(station, message, '1061', { RtdInterval: String(Math.round(station.rtdIntervalMs() / 1000)) });
        return EXE_OK;
      });
      return;
    case '1062':
      execute(station, message, () => {
        const seconds = wholeNumber(message.cp.RtdInterval);
        if (seconds === undefined || seconds < 1) return EXE_CONDITION_ERROR;
        station.setRtdInterval(seconds * 1000);
        return EXE_OK;
      });
      return;
    case '1063':
      execute(station, message, () => {
        sendInfo(station, message, '1063', { MinInterval: String(Math.round(station.minuteIntervalMs() / 60_000)) });
        return EXE_OK;
      });
      return;
    case '1064':
      execute(station, message, () => {
        const minutes = wholeNumber(message.cp.MinInterval);
        if (minutes === undefined || !MIN_INTERVALS.has(minutes)) return EXE_CONDITION_ERROR;
        station.setMinuteInterval(minutes * 60_000);
        return EXE_OK;
      });
      return;
    case '1000':
      execute(station, message, () => {
        const overTime = wholeNumber(message.cp.OverTime);
        const reCount = wholeNumber(message.cp.ReCount);
        if (overTime === undefined || reCount === undefined || overTime < 1) return EXE_CONDITION_ERROR;
        station.setAnswerPolicy(overTime * 1000, reCount);
        return EXE_OK;
      });
      return;
    case '1072':
      // The answer to the request still carries the old password, the result the new one.
      execute(station, message, () => {
        const pw = message.cp.NewPW;
        if (pw === undefined || !VALID_PW.test(pw)) return EXE_CONDITION_ERROR;
        station.setPassword(pw);
        station.log('password changed');
        return EXE_OK;
      });
      return;
    case '2011':
      // "Fetch real-time data": (re)start the real-time stream.
      reply(station, message, '9011', { QnRtn: QN_READY });
      station.setRealtime(true);
      void station.upload('2011', station.now(), true);
      return;
    case '2012':
      // "Stop real-time data" is a notify: answered with 9013.
      station.setRealtime(false);
      reply(station, message, '9013');
      return;
    default:
      reply(station, message, '9011', { QnRtn: QN_REJECTED });
  }
}

/** A parameter answer (1011/1061/1063): Flag=4, so not tracked for an answer. */
function sendInfo(station: RequestedStation, request: Hj212Message, cn: string, cp: Record<string, string>): void {
  const polId = request.cp.PolId;
  const packet = buildStationPacket({
    mn: station.mn,
    pw: station.pw(),
    st: station.st,
    cn,
    ack: false,
    qnMs: station.nextQnMs(),
    cp: polId === undefined ? cp : { PolId: polId, ...cp },
  });
  station.write(packet.text);
}

function setTime(station: RequestedStation, request: Hj212Message): void {
  execute(station, request, () => {
    const text = request.cp.SystemTime;
    const target = text === undefined ? undefined : parseHj212Time(text);
    if (target === undefined) return EXE_CONDITION_ERROR;
    station.setClock(target.getTime());
    station.log(`clock set to ${text}`);
    return EXE_OK;
  });
}

/** Backfill (补数): one upload per complete period starting within [BeginTime, EndTime], from the model. */
function backfill(station: RequestedStation, request: Hj212Message, cn: Exclude<UploadCn, '2011'>): void {
  execute(station, request, () => {
    const begin = parseTimeField(request.cp.BeginTime);
    const end = parseTimeField(request.cp.EndTime);
    if (begin === undefined || end === undefined || end < begin) return EXE_CONDITION_ERROR;
    const length = periodLengthMs(cn, station.minuteIntervalMs());
    const now = station.now();
    let start = periodStartMs(cn, begin, station.minuteIntervalMs());
    if (start < begin) start += length;
    let count = 0;
    for (; start <= end && start + length <= now && count < MAX_BACKFILL_PERIODS; start += length) {
      void station.upload(cn, start, false);
      count++;
    }
    return count > 0 ? EXE_OK : EXE_NO_DATA;
  });
}

function wholeNumber(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,6}$/.test(text)) return undefined;
  return Number(text);
}

function parseTimeField(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseHj212Time(text)?.getTime();
}
