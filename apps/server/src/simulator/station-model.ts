/**
 * Value generation for the simulated stations: pure and deterministic — the same seed and instant always give the
 * same values, so a station's history is simply the model evaluated at past times (backfill needs no storage).
 *
 * Signals are built from a diurnal cycle (Beijing local time), a seasonal cycle, smooth multi-scale noise (value noise
 * interpolated between seeded knots, so consecutive real-time values drift instead of jumping), rain events (water
 * and overflow stations) that raise turbidity, nutrients and the sewer's level and dilute conductivity, and an hourly
 * episode — a discharge upstream, a pollution plume, a storm surge in the sewer — that takes the factors the demo's
 * thresholds watch over them for a quarter of an hour, so that alarms happen without anyone staging them.
 */
import { factorByCode } from '@envmon/hj212';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@envmon/shared';
import { PLATFORM_FACTORS } from '../db/platform-factors.js';
import { AIR_EVALUATION, AIR_ORDER, type Env, type FactorModel, OVERFLOW, WATER } from './factor-models.js';

/** Surface-water and air quality stations, and overflow stations (a sewer's liquid level at an outfall). */
export type StationKind = 'water' | 'air' | 'overflow';

export const STATION_KINDS: readonly StationKind[] = ['water', 'air', 'overflow'];

export type StationFault = 'zeros' | 'constant' | 'spike' | 'flag-D' | 'flag-C' | 'flag-M' | 'offline';

export const STATION_FAULTS: readonly StationFault[] = [
  'zeros',
  'constant',
  'spike',
  'flag-D',
  'flag-C',
  'flag-M',
  'offline',
];

/** One factor value: the real-time value, or for period data the average with its minimum and maximum. */
export interface FactorSample {
  code: string;
  value: number;
  min?: number;
  max?: number;
}

export interface FactorAggregate extends FactorSample {
  min: number;
  max: number;
}

export interface SimulatedFactor {
  code: string;
  /** The unit the simulator's values are in (what real stations send, e.g. µg/m³ for SO2/NO2/O3/PM, mg/m³ for CO). */
  unit: string;
  decimals: number;
  /** Plausible range the model keeps the clean values in. */
  min: number;
  max: number;
}

export interface StationModel {
  readonly kind: StationKind;
  readonly seed: number;
  readonly factors: readonly SimulatedFactor[];
  /** Instantaneous values at `atMs`, rounded to each factor's decimals, in factor order. */
  sample(atMs: number): FactorSample[];
  /** Average, minimum and maximum over [startMs, endMs), from `points` evenly spread samples. */
  aggregate(startMs: number, endMs: number, points?: number): FactorAggregate[];
  /** Rain intensity 0–1 at `atMs` (always 0 for air stations). */
  rain(atMs: number): number;
  /** Episode intensity 0–1 at `atMs` (see EPISODE). */
  episode(atMs: number): number;
}

/**
 * Every station has one episode an hour: it ramps up over two minutes, holds, and ramps down by the
 * quarter hour's end. A fleet staggers its stations' episodes over the hour (`episodeOffsetMs`), so
 * that with four or more stations one is always under way: the demo always has a current alarm,
 * while each station exceeds only now and then.
 */
export const EPISODE = { periodMs: 3_600_000, lengthMs: 15 * 60_000, rampMs: 2 * 60_000 } as const;

const BEIJING_OFFSET_MS = 8 * HOUR_MS;
const SPIKE_FACTOR = 5;
const WIND_DIRECTION = 'a01008';

function decimalsFor(model: FactorModel): number {
  const definition = factorByCode(model.code) ?? PLATFORM_FACTORS.find((f) => f.code === model.code);
  if (definition === undefined) throw new Error(`simulator factor ${model.code} is in neither catalogue`);
  return definition.decimals ?? model.fallbackDecimals;
}

function describeFactors(models: readonly FactorModel[]): SimulatedFactor[] {
  return models.map((m) => ({ code: m.code, unit: m.unit, decimals: decimalsFor(m), min: m.min, max: m.max }));
}

const WATER_FACTORS = describeFactors(WATER);
const OVERFLOW_FACTORS = describeFactors(OVERFLOW);
const AIR_DESCRIBED = describeFactors(AIR_EVALUATION);
const AIR_FACTORS = AIR_ORDER.map((code) => {
  const factor = AIR_DESCRIBED.find((f) => f.code === code);
  if (factor === undefined) throw new Error(`no air model for ${code}`);
  return factor;
});

/** The factors a simulated station of this kind sends, in packet order. */
export function simulatedFactors(kind: StationKind): readonly SimulatedFactor[] {
  switch (kind) {
    case 'water':
      return WATER_FACTORS;
    case 'air':
      return AIR_FACTORS;
    case 'overflow':
      return OVERFLOW_FACTORS;
  }
}

const DECIMALS = new Map([...WATER_FACTORS, ...AIR_FACTORS, ...OVERFLOW_FACTORS].map((f) => [f.code, f.decimals]));

/** Decimal places the simulator writes a factor with (the catalogue's data type, else a sensible default). */
export function factorDecimals(code: string): number {
  return DECIMALS.get(code) ?? 2;
}

export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  const rounded = Math.round(value * scale) / scale;
  // No "-0" in packets.
  return rounded === 0 ? 0 : rounded;
}

// ---- seeded randomness -------------------------------------------------------------------------------------------

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for plausible noise. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Folds integers (any magnitude, e.g. time buckets) into one 32-bit seed. */
function hashKeys(keys: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const key of keys) {
    const k = Math.floor(key);
    for (const part of [k >>> 0, Math.floor(k / 4294967296) >>> 0]) {
      h = Math.imul(h ^ part, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
    }
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) for these keys. */
function random(...keys: number[]): number {
  return mulberry32(hashKeys(keys))();
}

/** Value noise: seeded knots every `periodMs`, cosine-interpolated; in [−1, 1]. */
function smoothNoise(seed: number, channel: number, atMs: number, periodMs: number): number {
  const x = atMs / periodMs;
  const k = Math.floor(x);
  const a = random(seed, channel, periodMs, k) * 2 - 1;
  const b = random(seed, channel, periodMs, k + 1) * 2 - 1;
  const w = (1 - Math.cos(Math.PI * (x - k))) / 2;
  return a + (b - a) * w;
}

const CH_NOISE = 1000;
const CH_SLOW = 2000;
const CH_SITE = 3000;
const CH_RAIN = 4000;
const CH_EPISODE = 5000;
const RAIN_BLOCK = 6 * HOUR_MS;
const RAIN_CHANCE = 0.12;
const RAIN_DECAY = 2 * HOUR_MS;
const RAIN_RISE = 15 * MINUTE_MS;

/**
 * Rain events: each 6-hour block may start one shower (1–4 h, random strength); intensity rises within 15 min,
 * holds, then decays over a couple of hours after the rain stops (run-off keeps the river turbid).
 */
function rainIntensity(seed: number, atMs: number): number {
  const block = Math.floor(atMs / RAIN_BLOCK);
  let total = 0;
  for (let b = block - 3; b <= block; b++) {
    if (random(seed, CH_RAIN, b, 0) >= RAIN_CHANCE) continue;
    const start = b * RAIN_BLOCK + random(seed, CH_RAIN, b, 1) * RAIN_BLOCK;
    const duration = HOUR_MS + random(seed, CH_RAIN, b, 2) * 3 * HOUR_MS;
    const peak = 0.4 + 0.6 * random(seed, CH_RAIN, b, 3);
    if (atMs < start) continue;
    if (atMs < start + duration) total += peak * Math.min(1, (atMs - start) / RAIN_RISE);
    else total += peak * Math.exp(-(atMs - start - duration) / RAIN_DECAY);
  }
  return Math.min(1, total);
}

/** The episode's intensity at `atMs` for a station whose episodes start at `offsetMs` past each period. */
export function episodeIntensity(atMs: number, offsetMs: number): number {
  const { periodMs, lengthMs, rampMs } = EPISODE;
  const phase = (((atMs - offsetMs) % periodMs) + periodMs) % periodMs;
  if (phase >= lengthMs) return 0;
  return Math.min(1, phase / rampMs, (lengthMs - phase) / rampMs);
}

function beijingHour(atMs: number): number {
  const h = ((atMs + BEIJING_OFFSET_MS) / HOUR_MS) % 24;
  return h < 0 ? h + 24 : h;
}

function seasonOf(atMs: number): number {
  const yearPhase = ((((atMs + BEIJING_OFFSET_MS) / DAY_MS) % 365.2425) / 365.2425) * 2 * Math.PI;
  // Coldest around 20 January.
  return -Math.cos(yearPhase - (2 * Math.PI * 20) / 365.2425);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

const KIND_SALT: Readonly<Record<StationKind, number>> = { water: 21, air: 22, overflow: 32 };
const EVALUATION: Readonly<Record<StationKind, readonly FactorModel[]>> = {
  water: WATER,
  air: AIR_EVALUATION,
  overflow: OVERFLOW,
};

export interface StationModelOptions {
  kind: StationKind;
  seed: number;
  /** Where in each hour this station's episode starts; by default a place fixed by the seed. */
  episodeOffsetMs?: number;
}

export function createStationModel(options: StationModelOptions): StationModel {
  const { kind } = options;
  const seed = hashKeys([options.seed, KIND_SALT[kind]]);
  const evaluation = EVALUATION[kind];
  const factors = simulatedFactors(kind);
  const decimals = new Map(factors.map((f) => [f.code, f.decimals]));
  const siteValues = Array.from({ length: 16 }, (_, i) => random(seed, CH_SITE, i));
  const rain = (atMs: number): number => (kind === 'air' ? 0 : rainIntensity(seed, Math.floor(atMs)));
  const episodeOffsetMs = options.episodeOffsetMs ?? Math.floor(random(seed, CH_EPISODE) * EPISODE.periodMs);
  const episode = (atMs: number): number => episodeIntensity(Math.floor(atMs), episodeOffsetMs);

  function sample(atMs: number): FactorSample[] {
    const t = Math.floor(atMs);
    const computed = new Map<string, number>();
    const env: Env = {
      hour: beijingHour(t),
      season: seasonOf(t),
      rain: rain(t),
      episode: episode(t),
      noise: (ch) =>
        0.55 * smoothNoise(seed, CH_NOISE + ch, t, 40 * MINUTE_MS) +
        0.3 * smoothNoise(seed, CH_NOISE + ch, t, 7 * MINUTE_MS) +
        0.15 * smoothNoise(seed, CH_NOISE + ch, t, 45_000),
      slow: (ch) =>
        0.7 * smoothNoise(seed, CH_SLOW + ch, t, 30 * HOUR_MS) + 0.3 * smoothNoise(seed, CH_SLOW + ch, t, 6 * HOUR_MS),
      site: (i) => siteValues[i % siteValues.length] ?? 0.5,
      get: (code) => computed.get(code) ?? 0,
    };
    for (const model of evaluation) {
      const raw = model.value(env);
      computed.set(model.code, clamp(Number.isFinite(raw) ? raw : model.min, model.min, model.max));
    }
    return factors.map((f) => ({ code: f.code, value: roundTo(computed.get(f.code) ?? 0, f.decimals) }));
  }

  function aggregate(startMs: number, endMs: number, points = 12): FactorAggregate[] {
    const n = Math.max(1, Math.floor(points));
    const span = Math.max(0, endMs - startMs);
    const samples = Array.from({ length: n }, (_, i) => sample(startMs + ((i + 0.5) * span) / n));
    return factors.map((f, index) => {
      const values = samples.map((s) => s[index]?.value ?? 0);
      const avg =
        f.code === WIND_DIRECTION ? circularMean(values) : values.reduce((sum, v) => sum + v, 0) / values.length;
      const places = decimals.get(f.code) ?? 2;
      return {
        code: f.code,
        value: roundTo(avg, places),
        min: roundTo(Math.min(...values), places),
        max: roundTo(Math.max(...values), places),
      };
    });
  }

  return { kind, seed: options.seed, factors, sample, aggregate, rain, episode };
}

/** Mean of directions in degrees (350° and 10° average to 0°, not 180°). */
function circularMean(degrees: readonly number[]): number {
  let x = 0;
  let y = 0;
  for (const d of degrees) {
    x += Math.cos((d * Math.PI) / 180);
    y += Math.sin((d * Math.PI) / 180);
  }
  const mean = (Math.atan2(y, x) * 180) / Math.PI;
  const wrapped = (mean + 360) % 360;
  // 359.6 rounds to 360 with 0 decimals; a direction is 0–359.
  return wrapped >= 359.5 ? 0 : wrapped;
}

/** The data flag a fault puts on every factor, if any. */
export type FaultFlag = 'D' | 'C' | 'M';

export interface FaultedValues<T extends FactorSample> {
  values: T[];
  flag?: FaultFlag;
}

/**
 * Applies a scripted fault to clean values: `zeros` → 0; `constant` → the `frozen` values (the last ones before the
 * fault started); `spike` → ×5 (wind direction excepted — it is an angle); `flag-*` → values kept, flag set;
 * `offline` changes no values (the station stops sending).
 */
export function applyFault<T extends FactorSample>(
  values: readonly T[],
  fault: StationFault | null,
  frozen?: readonly FactorSample[],
): FaultedValues<T> {
  const map = (fn: (v: number, code: string) => number): T[] =>
    values.map((s) => {
      const out: T = { ...s, value: fn(s.value, s.code) };
      if (s.min !== undefined) out.min = fn(s.min, s.code);
      if (s.max !== undefined) out.max = fn(s.max, s.code);
      return out;
    });
  switch (fault) {
    case null:
    case 'offline':
      return { values: values.map((s) => ({ ...s })) };
    case 'zeros':
      return { values: map(() => 0) };
    case 'constant': {
      const held = new Map((frozen ?? []).map((s) => [s.code, s.value]));
      return { values: map((v, code) => held.get(code) ?? v) };
    }
    case 'spike':
      return {
        values: map((v, code) => (code === WIND_DIRECTION ? v : roundTo(v * SPIKE_FACTOR, factorDecimals(code)))),
      };
    case 'flag-D':
      return { values: values.map((s) => ({ ...s })), flag: 'D' };
    case 'flag-C':
      return { values: values.map((s) => ({ ...s })), flag: 'C' };
    case 'flag-M':
      return { values: values.map((s) => ({ ...s })), flag: 'M' };
  }
}
