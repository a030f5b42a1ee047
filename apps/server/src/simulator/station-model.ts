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
import { BATTERY_FACTOR_CODE } from '../modules/alarm/alarm-rules.js';
import { LEVEL_FACTOR_CODE, PLATFORM_FACTORS } from '../db/platform-factors.js';

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
/** What an episode adds at its height: COD and ammonia nitrogen (a sewage discharge), PM2.5 (a plume), the sewer's level (m). */
const EPISODE_COD = 30;
const EPISODE_AMMONIA = 1.2;
const EPISODE_PM25 = 100;
const EPISODE_LEVEL = 1.9;

const BEIJING_OFFSET_MS = 8 * HOUR_MS;
const SPIKE_FACTOR = 5;
const WIND_DIRECTION = 'a01008';

interface Env {
  /** Beijing hour of day, fractional. */
  hour: number;
  /** −1 in late January … +1 in late July. */
  season: number;
  /** Rain intensity 0–1 (water and overflow stations). */
  rain: number;
  /** Episode intensity 0–1. */
  episode: number;
  /** Smooth noise in about [−1, 1] for a channel. */
  noise(channel: number): number;
  /** Slow noise (pollution episodes, weather systems), about [−1, 1]. */
  slow(channel: number): number;
  /** Constants of this site in [0, 1), fixed by the seed. */
  site(index: number): number;
  /** Values computed earlier in this sample (factors may depend on others). */
  get(code: string): number;
}

interface FactorModel {
  code: string;
  unit: string;
  /** Used when the catalogue gives no data type (w01003, a05024). */
  fallbackDecimals: number;
  min: number;
  max: number;
  value(env: Env): number;
}

/** Cosine bump peaking (1) at `peakHour` and lowest (−1) twelve hours away. */
function diurnal(hour: number, peakHour: number): number {
  return Math.cos((2 * Math.PI * (hour - peakHour)) / 24);
}

/** Two peaks a day (morning and evening traffic), at `peakHour` and `peakHour` + 12. */
function semidiurnal(hour: number, peakHour: number): number {
  return Math.cos((2 * Math.PI * (hour - peakHour)) / 12);
}

const WATER: readonly FactorModel[] = [
  {
    code: 'w01001',
    unit: 'pH',
    fallbackDecimals: 2,
    min: 6.5,
    max: 9,
    // Photosynthesis raises pH in the afternoon; rain water is slightly acidic.
    value: (e) => 7.4 + 0.4 * e.site(0) + 0.18 * diurnal(e.hour, 15) + 0.06 * e.noise(0) - 0.3 * e.rain,
  },
  {
    code: 'w01009',
    unit: 'mg/L',
    fallbackDecimals: 1,
    min: 4,
    max: 12,
    // Oxygen peaks mid-afternoon, lowest before dawn; colder water holds more.
    value: (e) => 7.5 + 1.3 * diurnal(e.hour, 15) - 0.5 * e.season + 0.2 * e.noise(1) - 0.6 * e.rain,
  },
  {
    code: 'w01010',
    unit: '°C',
    fallbackDecimals: 1,
    min: 0.5,
    max: 35,
    value: (e) => 16 + 2 * e.site(1) + 9 * e.season + 1.2 * diurnal(e.hour, 16) + 0.6 * e.noise(2) - 1.2 * e.rain,
  },
  {
    code: 'w01014',
    unit: 'µS/cm',
    fallbackDecimals: 1,
    min: 50,
    max: 2000,
    // Rain dilutes the river.
    value: (e) => (250 + 400 * e.site(2)) * (1 + 0.06 * e.noise(3) + 0.04 * e.slow(3)) * (1 - 0.35 * e.rain),
  },
  {
    code: 'w01003',
    unit: 'NTU',
    fallbackDecimals: 1,
    min: 0.5,
    max: 500,
    // Run-off after rain stirs up sediment.
    value: (e) => (4 + 11 * e.site(3)) * (1 + 0.25 * e.noise(4)) * (1 + 9 * e.rain),
  },
  {
    code: 'w01018',
    unit: 'mg/L',
    fallbackDecimals: 1,
    min: 2,
    max: 80,
    value: (e) =>
      (8 + 12 * e.site(4)) * (1 + 0.12 * e.noise(5) + 0.08 * e.slow(5)) * (1 + 0.6 * e.rain) + EPISODE_COD * e.episode,
  },
  {
    code: 'w21003',
    unit: 'mg/L',
    fallbackDecimals: 2,
    min: 0.02,
    max: 5,
    // Sewage discharge follows the morning peak of domestic use.
    value: (e) =>
      (0.15 + 0.45 * e.site(5)) * (1 + 0.2 * e.noise(6) + 0.1 * diurnal(e.hour, 9)) * (1 + 0.8 * e.rain) +
      EPISODE_AMMONIA * e.episode,
  },
  {
    code: 'w21011',
    unit: 'mg/L',
    fallbackDecimals: 2,
    min: 0.01,
    max: 2,
    value: (e) => (0.04 + 0.11 * e.site(6)) * (1 + 0.15 * e.noise(7)) * (1 + 1.5 * e.rain),
  },
  {
    code: 'w21001',
    unit: 'mg/L',
    fallbackDecimals: 2,
    min: 0.1,
    max: 10,
    value: (e) => (0.6 + 1.2 * e.site(7)) * (1 + 0.1 * e.noise(8) + 0.06 * e.slow(8)) * (1 + 0.5 * e.rain),
  },
];

/** Wind speed first in evaluation order: particulates and NO2 depend on it (dilution). */
const AIR_EVALUATION: readonly FactorModel[] = [
  {
    code: 'a01007',
    unit: 'm/s',
    fallbackDecimals: 1,
    min: 0.1,
    max: 20,
    value: (e) => (1.5 + 2 * e.site(0)) * (1 + 0.35 * diurnal(e.hour, 15) + 0.45 * e.noise(0) + 0.25 * e.slow(0)),
  },
  {
    code: 'a01008',
    unit: '°',
    fallbackDecimals: 0,
    min: 0,
    max: 359,
    // A prevailing direction that meanders.
    value: (e) => {
      // Whole degrees here, so that 359.6° becomes 0°, not 360°.
      const deg = Math.round(360 * e.site(1) + 80 * e.slow(1) + 25 * e.noise(1));
      return ((deg % 360) + 360) % 360;
    },
  },
  {
    code: 'a01001',
    unit: '°C',
    fallbackDecimals: 1,
    min: -30,
    max: 45,
    value: (e) => 14 + 2 * e.site(2) + 11 * e.season + 5 * diurnal(e.hour, 14.5) + 1.5 * e.noise(2) + 2 * e.slow(2),
  },
  {
    code: 'a01002',
    unit: '%',
    fallbackDecimals: 1,
    min: 12,
    max: 100,
    value: (e) => 62 + 8 * e.season - 18 * diurnal(e.hour, 14.5) + 6 * e.noise(3) + 8 * e.slow(3),
  },
  {
    code: 'a01006',
    unit: 'kPa',
    fallbackDecimals: 3,
    min: 85,
    max: 105,
    // Lower in summer, weather systems on top, a small semi-diurnal tide.
    value: (e) => 101.3 - 2 * e.site(4) - 0.9 * e.season + 0.6 * e.slow(4) + 0.08 * semidiurnal(e.hour, 10),
  },
  {
    code: 'a34004',
    unit: 'µg/m³',
    fallbackDecimals: 1,
    min: 3,
    max: 500,
    // Traffic peaks, a shallow night-time boundary layer, winter heating, pollution episodes, wind dilution.
    value: (e) =>
      ((25 + 35 * e.site(5)) *
        (1 + 0.15 * semidiurnal(e.hour, 8.5) + 0.12 * diurnal(e.hour, 2)) *
        (1 - 0.35 * e.season) *
        (1 + 0.55 * e.slow(5) + 0.12 * e.noise(5))) /
        (0.6 + 0.2 * e.get('a01007')) +
      EPISODE_PM25 * e.episode,
  },
  {
    code: 'a34002',
    unit: 'µg/m³',
    fallbackDecimals: 1,
    min: 5,
    max: 800,
    value: (e) => e.get('a34004') * (1.55 + 0.35 * e.site(6) + 0.08 * e.noise(6)),
  },
  {
    code: 'a21026',
    unit: 'µg/m³',
    fallbackDecimals: 1,
    min: 1,
    max: 300,
    value: (e) => (4 + 11 * e.site(7)) * (1 - 0.4 * e.season) * (1 + 0.25 * e.noise(7) + 0.2 * e.slow(7)),
  },
  {
    code: 'a21004',
    unit: 'µg/m³',
    fallbackDecimals: 1,
    min: 2,
    max: 300,
    value: (e) =>
      ((18 + 27 * e.site(8)) * (1 + 0.3 * semidiurnal(e.hour, 8)) * (1 + 0.2 * e.noise(8) + 0.2 * e.slow(8))) /
      (0.7 + 0.15 * e.get('a01007')),
  },
  {
    code: 'a21005',
    unit: 'mg/m³',
    fallbackDecimals: 3,
    min: 0.1,
    max: 10,
    value: (e) =>
      (0.4 + 0.6 * e.site(9)) *
      (1 + 0.2 * semidiurnal(e.hour, 8)) *
      (1 - 0.25 * e.season) *
      (1 + 0.15 * e.noise(9) + 0.2 * e.slow(9)),
  },
  {
    code: 'a05024',
    unit: 'µg/m³',
    fallbackDecimals: 0,
    min: 2,
    max: 400,
    // Photochemistry: zero before 08:00 and after 22:00 in the bump, peak around 15:00, stronger in summer.
    value: (e) => {
      const bump = Math.max(0, Math.sin((Math.PI * (e.hour - 8)) / 14));
      return (12 + 10 * e.site(10) + (70 + 50 * e.season) * bump ** 1.3) * (1 + 0.12 * e.noise(10) + 0.15 * e.slow(10));
    },
  },
];

/** An overflow station at a combined sewer's outfall: the level in the pipe, and the battery of a station without mains power. */
const OVERFLOW: readonly FactorModel[] = [
  {
    code: LEVEL_FACTOR_CODE,
    unit: 'm',
    fallbackDecimals: 2,
    min: 0.05,
    max: 4,
    // Dry-weather flow follows domestic use (morning and evening peaks); rain and a storm surge fill the pipe.
    value: (e) =>
      0.35 +
      0.25 * e.site(0) +
      0.1 * semidiurnal(e.hour, 8) +
      0.04 * e.noise(0) +
      1.3 * e.rain +
      EPISODE_LEVEL * e.episode,
  },
  {
    code: BATTERY_FACTOR_CODE,
    unit: 'V',
    fallbackDecimals: 2,
    min: 10.5,
    max: 14.4,
    // A solar panel charges it by day.
    value: (e) => 12.5 + 0.15 * e.site(1) + 0.5 * Math.max(0, diurnal(e.hour, 13)) + 0.03 * e.noise(1),
  },
];

/** The order the issue lists the air factors in, which is the order they are sent in. */
const AIR_ORDER = [
  'a34002',
  'a34004',
  'a21026',
  'a21004',
  'a21005',
  'a05024',
  'a01001',
  'a01002',
  'a01006',
  'a01007',
  'a01008',
] as const;

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
