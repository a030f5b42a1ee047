/**
 * The instrument commands of HJ 212-2017 (3011–3021, HJ212.md §9) and of the surface-water variant (3042–3046,
 * 3080–3086, 3100), each in the three-step flow: 9011 ready, the work with its answer uploads (the request's QN),
 * 9012 with the result. Acting on a command means writing the instrument log, changing the instruments' state and
 * parameters (station-instruments.ts), filling a sample bottle or rebooting the data logger. Whether a station
 * supports a command at all is decided before (SUPPORTED_CNS).
 */
import { type Hj212Message, parseHj212Time } from '@envmon/hj212';
import { type AnsweringStation, EXE_CONDITION_ERROR, EXE_NO_DATA, EXE_OK, execute } from './request-flow.js';
import { LOG_INFO_ID, type StationInstruments } from './station-instruments.js';

/** An upload answering a request: its QN, the answer bit set, resent until answered like the station's data. */
export interface AnswerUpload {
  cn: string;
  qn: string | undefined;
  dataTimeMs?: number;
  cp?: Record<string, string>;
  /** Per-factor fields (`w01018-SN`, `i11001-Info`), in order. */
  fields?: (readonly [name: string, value: string])[];
}

/** What the instrument commands read and change on the station. */
export interface SiteCommandStation extends AnsweringStation {
  readonly instruments: StationInstruments;
  now(): number;
  answerUpload(upload: AnswerUpload): void;
  /** Closes the connection once the answers are out; the station reconnects a moment later (3043). */
  reboot(): void;
}

/**
 * The surface-water variant's QC commands (HJ212.md §9 "start single-instrument QC tests / blank & standard
 * calibration"; the split between the codes is indicative, the variant's header names them in this order).
 */
const QC_COMMANDS: Readonly<Record<string, string>> = {
  '3080': 'standard solution check',
  '3081': 'zero check',
  '3082': 'span check',
  '3083': 'spike recovery test',
  '3084': 'parallel sample test',
  '3085': 'blank calibration',
  '3086': 'standard calibration',
};

/** Answers an instrument command; false when `message.cn` is not one (host-requests.ts handles it). */
export function answerSiteCommand(station: SiteCommandStation, message: Hj212Message): boolean {
  const cn = message.cn;
  const qcLabel = QC_COMMANDS[cn];
  if (qcLabel !== undefined) {
    execute(station, message, () => logAction(station, message, `${qcLabel} done`));
    return true;
  }
  switch (cn) {
    case '3011':
      execute(station, message, () => logAction(station, message, 'zero and span calibration done'));
      return true;
    case '3012':
      execute(station, message, () => retainSample(station, message, 'immediate sampling'));
      return true;
    case '3013':
      execute(station, message, () => logAction(station, message, 'cleaning and back-flush done'));
      return true;
    case '3014':
      execute(station, message, () => logAction(station, message, 'comparison sample taken'));
      return true;
    case '3015':
      execute(station, message, () => retainSample(station, message, 'over-limit sample retention'));
      return true;
    case '3016':
      execute(station, message, () => setSamplingPeriod(station, message));
      return true;
    case '3017':
      execute(station, message, () => {
        const polId = message.cp.PolId;
        if (polId !== undefined && !station.instruments.hasFactor(polId)) return EXE_CONDITION_ERROR;
        const period = station.instruments.samplingPeriod(polId);
        const cp = { CstartTime: period.cstartTime, Ctime: String(period.ctime) };
        station.answerUpload({ cn, qn: message.qn, cp: polId === undefined ? cp : { PolId: polId, ...cp } });
        return EXE_OK;
      });
      return true;
    case '3018':
      execute(station, message, () =>
        perFactorUpload(station, message, (code) => ({
          cn,
          qn: message.qn,
          cp: { PolId: code },
          fields: [[`${code}-Stime`, String(station.instruments.sampleOutputMinutes(code))]],
        })),
      );
      return true;
    case '3019':
      execute(station, message, () =>
        perFactorUpload(station, message, (code) => ({
          cn,
          qn: message.qn,
          dataTimeMs: station.now(),
          cp: { PolId: code },
          fields: [[`${code}-SN`, station.instruments.serialNumber(code)]],
        })),
      );
      return true;
    case '3020':
      execute(station, message, () => siteInformation(station, message));
      return true;
    case '3021':
      execute(station, message, () => setSiteParameters(station, message));
      return true;
    case '3042':
      execute(station, message, () => {
        const mode = message.cp.RunMode;
        if (mode === undefined || !/^\d{1,2}$/.test(mode)) return EXE_CONDITION_ERROR;
        station.instruments.setRunMode(mode);
        station.instruments.record(`run mode switched to ${mode}`);
        return EXE_OK;
      });
      return true;
    case '3043':
      execute(station, message, () => {
        station.instruments.record('data logger reboot');
        station.instruments.setStandby(false);
        return EXE_OK;
      });
      station.reboot();
      return true;
    case '3044':
      execute(station, message, () => logAction(station, message, 'single water-sample test done'));
      return true;
    case '3045':
      execute(station, message, () => standby(station, 'emergency stop: instruments on standby'));
      return true;
    case '3046':
      execute(station, message, () => standby(station, 'standby'));
      return true;
    case '3100':
      execute(station, message, () => logAction(station, message, 'current action stopped'));
      return true;
    default:
      return false;
  }
}

/**
 * The factors a request is about: the PolId's, or every factor of the station when it names none; undefined when
 * it names a factor the station does not measure.
 */
function targets(station: SiteCommandStation, message: Hj212Message): string[] | undefined {
  const polId = message.cp.PolId;
  if (polId === undefined) return station.instruments.factors.map((f) => f.code);
  return station.instruments.hasFactor(polId) ? [polId] : undefined;
}

/** An action that is done as soon as it is asked (the simulator has no chemistry): one log line per instrument. */
function logAction(station: SiteCommandStation, message: Hj212Message, text: string): string {
  const codes = targets(station, message);
  if (codes === undefined) return EXE_CONDITION_ERROR;
  for (const code of codes) station.instruments.record(text, code);
  return EXE_OK;
}

function standby(station: SiteCommandStation, text: string): string {
  station.instruments.setStandby(true);
  station.instruments.record(text);
  return EXE_OK;
}

function perFactorUpload(
  station: SiteCommandStation,
  message: Hj212Message,
  upload: (code: string) => AnswerUpload,
): string {
  const codes = targets(station, message);
  if (codes === undefined) return EXE_CONDITION_ERROR;
  for (const code of codes) station.answerUpload(upload(code));
  return EXE_OK;
}

/** 3012 / 3015: the sampler fills the next bottle and reports it with a 3015 upload. */
function retainSample(station: SiteCommandStation, message: Hj212Message, what: string): string {
  const polId = message.cp.PolId;
  if (polId !== undefined && !station.instruments.hasFactor(polId)) return EXE_CONDITION_ERROR;
  const vase = station.instruments.retainSample();
  station.instruments.record(`${what}: sample kept in bottle ${vase}`, polId);
  const cp = { VaseNo: String(vase) };
  station.answerUpload({
    cn: '3015',
    qn: message.qn,
    dataTimeMs: station.now(),
    cp: polId === undefined ? cp : { PolId: polId, ...cp },
  });
  return EXE_OK;
}

/** 3016: CstartTime hhmmss, Ctime 1–24 hours (HJ212.md §6). */
function setSamplingPeriod(station: SiteCommandStation, message: Hj212Message): string {
  const { PolId: polId, CstartTime: start, Ctime: hours } = message.cp;
  if (polId !== undefined && !station.instruments.hasFactor(polId)) return EXE_CONDITION_ERROR;
  const clock = start === undefined ? null : /^(\d\d)(\d\d)(\d\d)$/.exec(start);
  if (start === undefined || clock === null) return EXE_CONDITION_ERROR;
  if (Number(clock[1]) > 23 || Number(clock[2]) > 59 || Number(clock[3]) > 59) return EXE_CONDITION_ERROR;
  if (hours === undefined || !/^\d{1,2}$/.test(hours) || Number(hours) < 1 || Number(hours) > 24) {
    return EXE_CONDITION_ERROR;
  }
  station.instruments.setSamplingPeriod(polId, { cstartTime: start, ctime: Number(hours) });
  station.instruments.record(`sampling period set: from ${start} every ${Number(hours)} h`, polId);
  return EXE_OK;
}

/**
 * 3020: the instrument log (i11001, one upload per line in [BeginTime, EndTime]), or states and parameters (one
 * upload per factor with the InfoId asked, or with all of them when it names none).
 */
function siteInformation(station: SiteCommandStation, message: Hj212Message): string {
  const { PolId: polId, InfoId: infoId } = message.cp;
  if (polId !== undefined && !station.instruments.hasFactor(polId)) return EXE_CONDITION_ERROR;
  const beginMs = optionalTime(message.cp.BeginTime);
  const endMs = optionalTime(message.cp.EndTime);
  if (beginMs === null || endMs === null) return EXE_CONDITION_ERROR;
  let sent = 0;
  if (infoId === LOG_INFO_ID) {
    for (const line of station.instruments.log({ polId, beginMs, endMs })) {
      const linePolId = line.polId ?? polId;
      station.answerUpload({
        cn: '3020',
        qn: message.qn,
        dataTimeMs: line.timeMs,
        cp: linePolId === undefined ? {} : { PolId: linePolId },
        fields: [[`${LOG_INFO_ID}-Info`, `//${line.text}//`]],
      });
      sent++;
    }
    return sent > 0 ? EXE_OK : EXE_NO_DATA;
  }
  const now = station.now();
  for (const code of polId === undefined ? station.instruments.factors.map((f) => f.code) : [polId]) {
    const ids = infoId === undefined ? station.instruments.infoIds(code) : [infoId];
    const fields = ids.flatMap((id): [string, string][] => {
      const value = station.instruments.info(code, id);
      return value === undefined ? [] : [[`${id}-Info`, value]];
    });
    if (fields.length === 0) continue;
    station.answerUpload({ cn: '3020', qn: message.qn, dataTimeMs: now, cp: { PolId: code }, fields });
    sent++;
  }
  return sent > 0 ? EXE_OK : EXE_NO_DATA;
}

/**
 * 3021: parameters as `i13xxx-Info=v` (of the instrument `PolId` names) or `<PolId>-i13xxx-Info=v`; an `InfoId`
 * names the parameter whose value must come with it. All or nothing: one bad value changes none.
 */
function setSiteParameters(station: SiteCommandStation, message: Hj212Message): string {
  const { PolId: polId, InfoId: infoId } = message.cp;
  const changes: { polId: string; infoId: string; value: string }[] = [];
  for (const factor of message.factors) {
    if (/^i\d{5}$/.test(factor.code)) {
      const value = factor.values.Info;
      if (polId === undefined || value === undefined) return EXE_CONDITION_ERROR;
      changes.push({ polId, infoId: factor.code, value });
      continue;
    }
    for (const [suffix, value] of Object.entries(factor.values)) {
      const named = /^(i\d{5})-Info$/.exec(suffix);
      if (named?.[1] === undefined) return EXE_CONDITION_ERROR;
      changes.push({ polId: factor.code, infoId: named[1], value });
    }
  }
  if (changes.length === 0 || (infoId !== undefined && !changes.some((c) => c.infoId === infoId))) {
    return EXE_CONDITION_ERROR;
  }
  if (!changes.every((c) => station.instruments.acceptsParameter(c.polId, c.infoId, c.value))) {
    return EXE_CONDITION_ERROR;
  }
  for (const c of changes) {
    station.instruments.setParameter(c.polId, c.infoId, c.value);
    station.instruments.record(`parameter ${c.infoId} set to ${c.value}`, c.polId);
  }
  return EXE_OK;
}

/** undefined when absent, null when not a time. */
function optionalTime(text: string | undefined): number | undefined | null {
  if (text === undefined) return undefined;
  return parseHj212Time(text)?.getTime() ?? null;
}
