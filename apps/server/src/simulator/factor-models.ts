/**
 * The simulator's data tables: per station kind, each factor's unit, bounds and how its value follows the time of
 * day, the season, rain, noise and the hourly episode (see station-model.ts, which evaluates them).
 */
import { BATTERY_FACTOR_CODE } from '../modules/alarm/alarm-rules.js';
import { LEVEL_FACTOR_CODE } from '../db/platform-factors.js';

/** What an episode adds at its height: COD and ammonia nitrogen (a sewage discharge), PM2.5 (a plume), the sewer's level (m). */
const EPISODE_COD = 30;
const EPISODE_AMMONIA = 1.2;
const EPISODE_PM25 = 100;
const EPISODE_LEVEL = 1.9;

export interface Env {
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

export interface FactorModel {
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

export const WATER: readonly FactorModel[] = [
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
export const AIR_EVALUATION: readonly FactorModel[] = [
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
export const OVERFLOW: readonly FactorModel[] = [
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
export const AIR_ORDER = [
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
