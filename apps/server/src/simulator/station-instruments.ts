/**
 * What a simulated station's instruments hold beside their values: the instrument log, working states, parameters,
 * serial numbers and the sampler's settings — what the host reads with 3017–3020 and changes with 3016/3021 and the
 * control commands. All of it is bounded: the log is a ring, the rest is keyed by the station's own factors.
 */
import type { SimulatedFactor, StationFault } from './station-model.js';

/** Most instrument log lines kept (the oldest go first). */
export const MAX_LOG_LINES = 200;
/** Sample bottles in the sampler; retention goes round them. */
const VASES = 24;

/**
 * Site-information codes the simulator answers 3020 with (HJ 212-2017 Table B.10, HJ212.md §12):
 *
 * | code   | meaning                                              | simulated value                        |
 * |--------|------------------------------------------------------|----------------------------------------|
 * | i11001 | instrument log (运行日志)                             | the log ring, one upload per line      |
 * | i12001 | working state (0 run, 1 maintenance, 2 fault, 3 calibration, 9 standby) | from the run state and fault |
 * | i12002 | analyser ↔ data-logger communication (0 normal, 1 abnormal) | 0                               |
 * | i12003 | COD analyser alarm (0 none, 1 alarm)                 | COD only: 1 under a fault              |
 * | i13001 | measurement range (量程), factor unit                 | a round number above the model's max   |
 * | i13002 | measurement precision (测量精度)                      | one unit of the last decimal           |
 * | i13003 | measurement interval (测量间隔), minutes               | 240 for wet-chemistry analysers, else 1|
 * | i13004 | digestion temperature (消解温度), °C                   | COD, TP, TN analysers only             |
 * | i13005 | digestion time (消解时长), minutes                     | COD, TP, TN analysers only             |
 * | i13007 | intercept (截距)                                      | 0                                      |
 * | i13008 | slope (斜率)                                          | 1                                      |
 * | i13009 | detection limit (检出限)                              | per method, else the precision         |
 *
 * i13006 is left out: its meaning differs between sources.
 */
export const LOG_INFO_ID = 'i11001';
export const STATE_INFO_IDS = ['i12001', 'i12002', 'i12003'] as const;
export const PARAMETER_INFO_IDS = [
  'i13001',
  'i13002',
  'i13003',
  'i13004',
  'i13005',
  'i13007',
  'i13008',
  'i13009',
] as const;

/** i12001 working states the simulator uses. */
export const WORK_STATE = { running: 0, maintenance: 1, fault: 2, calibration: 3, standby: 9 } as const;

/** Wet-chemistry analysers: digestion (where it applies), a long measurement cycle and a method detection limit. */
const WET_CHEMISTRY: Readonly<
  Record<string, { digestion?: { celsius: number; minutes: number }; detectionLimit: string; stimeMinutes: number }>
> = {
  w01018: { digestion: { celsius: 165, minutes: 15 }, detectionLimit: '4', stimeMinutes: 60 },
  w21011: { digestion: { celsius: 120, minutes: 30 }, detectionLimit: '0.01', stimeMinutes: 50 },
  w21001: { digestion: { celsius: 120, minutes: 30 }, detectionLimit: '0.05', stimeMinutes: 60 },
  w21003: { detectionLimit: '0.025', stimeMinutes: 40 },
};
const COD = 'w01018';
const SENSOR_STIME_MINUTES = 5;

export interface InstrumentLogLine {
  timeMs: number;
  /** The factor whose instrument wrote it; none for the station as a whole. */
  polId?: string;
  text: string;
}

/** The sampler's period (3016/3017): first sample at `CstartTime` (hhmmss), then every `Ctime` hours. */
export interface SamplingPeriod {
  cstartTime: string;
  ctime: number;
}

const DEFAULT_SAMPLING: SamplingPeriod = { cstartTime: '000000', ctime: 4 };

export class StationInstruments {
  private readonly logLines: InstrumentLogLine[] = [];
  private readonly parameters = new Map<string, Map<string, string>>();
  private readonly sampling = new Map<string, SamplingPeriod>();
  private readonly factorCodes: ReadonlySet<string>;
  private standby = false;
  private runModeValue = '1';
  private lastVase = 0;

  constructor(
    private readonly mn: string,
    readonly factors: readonly SimulatedFactor[],
    private readonly clock: () => number,
    private readonly fault: () => StationFault | null,
  ) {
    this.factorCodes = new Set(factors.map((f) => f.code));
    for (const factor of factors) this.parameters.set(factor.code, defaultParameters(factor));
    this.record('power on, data logger started');
    for (const factor of factors) this.record('self-check passed', factor.code);
  }

  hasFactor(code: string): boolean {
    return this.factorCodes.has(code);
  }

  /** Adds a line to the instrument log (i11001), stamped with the station's clock. */
  record(text: string, polId?: string): void {
    // The text travels inside //…// : no slashes, no && (the end of CP), one line.
    const clean = text.replace(/[/&\s]+/g, ' ').trim();
    this.logLines.push({ timeMs: this.clock(), ...(polId === undefined ? {} : { polId }), text: clean });
    if (this.logLines.length > MAX_LOG_LINES) this.logLines.splice(0, this.logLines.length - MAX_LOG_LINES);
  }

  /** Log lines in [begin, end] (either open), of one factor's instrument and the station's own, oldest first. */
  log(filter: { polId?: string; beginMs?: number; endMs?: number } = {}): InstrumentLogLine[] {
    return this.logLines.filter(
      (line) =>
        (filter.polId === undefined || line.polId === undefined || line.polId === filter.polId) &&
        (filter.beginMs === undefined || line.timeMs >= filter.beginMs) &&
        (filter.endMs === undefined || line.timeMs <= filter.endMs),
    );
  }

  /** A state or parameter value of one factor's instrument (i12xxx, i13xxx); undefined where it has none. */
  info(polId: string, infoId: string): string | undefined {
    if (!this.hasFactor(polId)) return undefined;
    switch (infoId) {
      case 'i12001':
        return String(this.workState());
      case 'i12002':
        return '0';
      case 'i12003':
        return polId === COD ? (this.fault() === 'flag-D' ? '1' : '0') : undefined;
      default:
        return this.parameters.get(polId)?.get(infoId);
    }
  }

  /** Every state and parameter a factor's instrument has, in table order. */
  infoIds(polId: string): string[] {
    return [...STATE_INFO_IDS, ...PARAMETER_INFO_IDS].filter((id) => this.info(polId, id) !== undefined);
  }

  /** Whether the instrument has such a parameter and the value is a plain number. */
  acceptsParameter(polId: string, infoId: string, value: string): boolean {
    return this.parameters.get(polId)?.has(infoId) === true && /^-?\d{1,9}(?:\.\d{1,6})?$/.test(value);
  }

  /** Sets a parameter (3021); false (nothing changed) when it does not accept it. */
  setParameter(polId: string, infoId: string, value: string): boolean {
    if (!this.acceptsParameter(polId, infoId, value)) return false;
    this.parameters.get(polId)?.set(infoId, value);
    return true;
  }

  samplingPeriod(polId: string | undefined): SamplingPeriod {
    return this.sampling.get(polId ?? '') ?? DEFAULT_SAMPLING;
  }

  /** Keyed by the factor (or '' for the sampler as a whole): bounded by the station's factors. */
  setSamplingPeriod(polId: string | undefined, period: SamplingPeriod): void {
    this.sampling.set(polId ?? '', period);
  }

  /** Minutes from the start of a sample's analysis to its result (3018). */
  sampleOutputMinutes(polId: string): number {
    return WET_CHEMISTRY[polId]?.stimeMinutes ?? SENSOR_STIME_MINUTES;
  }

  /** The instrument's serial number (3019): 24 hex digits, fixed by the station and the factor. */
  serialNumber(polId: string): string {
    let text = '';
    for (let round = 0; text.length < 24; round++) {
      text += fnv1a(`${this.mn}/${polId}/${round}`).toString(16).toUpperCase().padStart(8, '0');
    }
    return text.slice(0, 24);
  }

  /** Fills the next sample bottle; its number (1–24, then round again). */
  retainSample(): number {
    this.lastVase = (this.lastVase % VASES) + 1;
    return this.lastVase;
  }

  get runMode(): string {
    return this.runModeValue;
  }

  setRunMode(mode: string): void {
    this.runModeValue = mode;
    this.standby = false;
  }

  /** Standby (3045 emergency stop, 3046 standby) until a command starts the instruments again. */
  setStandby(standby: boolean): void {
    this.standby = standby;
  }

  workState(): number {
    if (this.standby) return WORK_STATE.standby;
    switch (this.fault()) {
      case 'flag-D':
        return WORK_STATE.fault;
      case 'flag-C':
        return WORK_STATE.calibration;
      case 'flag-M':
        return WORK_STATE.maintenance;
      case 'zeros':
      case 'constant':
      case 'spike':
      case 'offline':
      case null:
        return WORK_STATE.running;
    }
  }
}

function defaultParameters(factor: SimulatedFactor): Map<string, string> {
  const precision = (10 ** -factor.decimals).toFixed(factor.decimals);
  const chemistry = WET_CHEMISTRY[factor.code];
  const parameters = new Map<string, string>([
    // Headroom above the model's maximum, as an operator would pick the range.
    ['i13001', String(roundRange(factor.max * 1.2))],
    ['i13002', precision],
    ['i13003', chemistry === undefined ? '1' : '240'],
  ]);
  if (chemistry?.digestion !== undefined) {
    parameters.set('i13004', String(chemistry.digestion.celsius));
    parameters.set('i13005', String(chemistry.digestion.minutes));
  }
  parameters.set('i13007', '0');
  parameters.set('i13008', '1');
  parameters.set('i13009', chemistry?.detectionLimit ?? precision);
  return parameters;
}

/** The first of 1, 2, 5 × 10^n at or above `max`. */
function roundRange(max: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(max, 1e-6)));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= max) return Number((step * magnitude).toPrecision(6));
  return Number((10 * magnitude).toPrecision(6));
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
