/**
 * Air quality index (AQI) and individual indices (IAQI) as HJ 633-2012 "环境空气质量指数（AQI）技术规定（试行）"
 * defines them: Table 1 breakpoints, formula (1), AQI = the largest IAQI, primary pollutants when AQI > 50,
 * and the six categories with the colours of Appendix A. Pure: no clock, no I/O.
 *
 * Units the module expects (HJ 633 Table 1): every concentration in µg/m³, except CO in mg/m³.
 * `aqi-factors.ts` maps the platform's HJ 212 factor codes and converts a station's units to these.
 */

export type AqiPollutant = 'so2' | 'no2' | 'co' | 'o3' | 'pm10' | 'pm25';

/** One row of HJ 633 Table 1: a pollutant over one averaging time. */
export type AqiItem =
  'so2_24h' | 'so2_1h' | 'no2_24h' | 'no2_1h' | 'pm10_24h' | 'co_24h' | 'co_1h' | 'o3_1h' | 'o3_8h' | 'pm25_24h';

export interface AqiItemDefinition {
  readonly pollutant: AqiPollutant;
  readonly unit: 'µg/m³' | 'mg/m³';
  /** Concentration limits at IAQI 0, 50, 100, 150, 200, 300, 400, 500; shorter where the table stops. */
  readonly breakpoints: readonly number[];
}

/** The IAQI of each column of HJ 633 Table 1. */
export const IAQI_BREAKPOINTS: readonly number[] = [0, 50, 100, 150, 200, 300, 400, 500];

export const AQI_ITEMS: Readonly<Record<AqiItem, AqiItemDefinition>> = {
  so2_24h: { pollutant: 'so2', unit: 'µg/m³', breakpoints: [0, 50, 150, 475, 800, 1600, 2100, 2620] },
  // Note (2): above 800 µg/m³ the 1-h SO2 gets no IAQI; the 24-h value's IAQI is reported instead.
  so2_1h: { pollutant: 'so2', unit: 'µg/m³', breakpoints: [0, 150, 500, 650, 800] },
  no2_24h: { pollutant: 'no2', unit: 'µg/m³', breakpoints: [0, 40, 80, 180, 280, 565, 750, 940] },
  no2_1h: { pollutant: 'no2', unit: 'µg/m³', breakpoints: [0, 100, 200, 700, 1200, 2340, 3090, 3840] },
  pm10_24h: { pollutant: 'pm10', unit: 'µg/m³', breakpoints: [0, 50, 150, 250, 350, 420, 500, 600] },
  co_24h: { pollutant: 'co', unit: 'mg/m³', breakpoints: [0, 2, 4, 14, 24, 36, 48, 60] },
  co_1h: { pollutant: 'co', unit: 'mg/m³', breakpoints: [0, 5, 10, 35, 60, 90, 120, 150] },
  o3_1h: { pollutant: 'o3', unit: 'µg/m³', breakpoints: [0, 160, 200, 300, 400, 800, 1000, 1200] },
  // Note (3): above 800 µg/m³ the 8-h O3 gets no IAQI; the 1-h value's IAQI is reported instead.
  o3_8h: { pollutant: 'o3', unit: 'µg/m³', breakpoints: [0, 100, 160, 215, 265, 800] },
  pm25_24h: { pollutant: 'pm25', unit: 'µg/m³', breakpoints: [0, 35, 75, 115, 150, 250, 350, 500] },
};

/** Float noise (2.2 − 2 = 0.2000…02) must not push an exact integer IAQI up by one when it is rounded up. */
const ROUNDING_TOLERANCE = 1e-9;

/**
 * IAQI of one concentration by formula (1), rounded up to a whole number. Null when the value is not a
 * concentration (negative, not finite) or when the table gives no IAQI for it (1-h SO2 or 8-h O3 above
 * 800 µg/m³: the caller applies the standard's note). Above the last limit of a full row the IAQI is 500.
 */
export function computeIaqi(item: AqiItem, concentration: number): number | null {
  if (!Number.isFinite(concentration) || concentration < 0) return null;
  const bp = AQI_ITEMS[item].breakpoints;
  const top = bp[bp.length - 1]!;
  if (concentration > top) return bp.length === IAQI_BREAKPOINTS.length ? 500 : null;
  for (let i = 1; i < bp.length; i++) {
    const bpHi = bp[i]!;
    if (concentration > bpHi) continue;
    const bpLo = bp[i - 1]!;
    const iaqiLo = IAQI_BREAKPOINTS[i - 1]!;
    const iaqiHi = IAQI_BREAKPOINTS[i]!;
    const exact = ((iaqiHi - iaqiLo) * (concentration - bpLo)) / (bpHi - bpLo) + iaqiLo;
    // Never below the segment's own IAQI (and never −0 at a concentration of 0).
    return Math.max(iaqiLo, Math.ceil(exact - ROUNDING_TOLERANCE));
  }
  return null;
}

/** What HJ 633 §4.3 levels, categories and Appendix A colours say for one AQI range. */
export interface AqiCategory {
  /** 1 … 6 (一级 … 六级). */
  readonly level: 1 | 2 | 3 | 4 | 5 | 6;
  readonly levelZh: string;
  readonly min: number;
  /** Inclusive; the last category has no upper bound. */
  readonly max: number;
  readonly zh: string;
  readonly en: string;
  readonly colorZh: string;
  readonly colorEn: string;
  readonly rgb: readonly [number, number, number];
  readonly hex: string;
}

export const AQI_CATEGORIES: readonly AqiCategory[] = [
  {
    level: 1,
    levelZh: '一级',
    min: 0,
    max: 50,
    zh: '优',
    en: 'Excellent',
    colorZh: '绿色',
    colorEn: 'green',
    rgb: [0, 228, 0],
    hex: '#00E400',
  },
  {
    level: 2,
    levelZh: '二级',
    min: 51,
    max: 100,
    zh: '良',
    en: 'Good',
    colorZh: '黄色',
    colorEn: 'yellow',
    rgb: [255, 255, 0],
    hex: '#FFFF00',
  },
  {
    level: 3,
    levelZh: '三级',
    min: 101,
    max: 150,
    zh: '轻度污染',
    en: 'Lightly polluted',
    colorZh: '橙色',
    colorEn: 'orange',
    rgb: [255, 126, 0],
    hex: '#FF7E00',
  },
  {
    level: 4,
    levelZh: '四级',
    min: 151,
    max: 200,
    zh: '中度污染',
    en: 'Moderately polluted',
    colorZh: '红色',
    colorEn: 'red',
    rgb: [255, 0, 0],
    hex: '#FF0000',
  },
  {
    level: 5,
    levelZh: '五级',
    min: 201,
    max: 300,
    zh: '重度污染',
    en: 'Heavily polluted',
    colorZh: '紫色',
    colorEn: 'purple',
    rgb: [153, 0, 76],
    hex: '#99004C',
  },
  {
    level: 6,
    levelZh: '六级',
    min: 301,
    max: Number.POSITIVE_INFINITY,
    zh: '严重污染',
    en: 'Severely polluted',
    colorZh: '褐红色',
    colorEn: 'maroon',
    rgb: [126, 0, 35],
    hex: '#7E0023',
  },
];

/** The category of an AQI (a whole number, as computed here); a fractional AQI is rounded up first. */
export function aqiCategory(aqi: number): AqiCategory {
  const whole = Math.max(0, Math.ceil(aqi - ROUNDING_TOLERANCE));
  return AQI_CATEGORIES.find((c) => whole <= c.max) ?? AQI_CATEGORIES[AQI_CATEGORIES.length - 1]!;
}

export interface AqiResult {
  readonly aqi: number;
  readonly category: AqiCategory;
  /** IAQI of every item that could be computed, by Table 1 row. */
  readonly iaqi: Readonly<Partial<Record<AqiItem, number>>>;
  /** Pollutants whose IAQI equals the AQI, in the order of `AQI_POLLUTANTS`; empty when AQI ≤ 50. */
  readonly primaryPollutants: readonly AqiPollutant[];
}

/** The order HJ 633 lists the pollutants in; primary pollutants come out in this order. */
export const AQI_POLLUTANTS: readonly AqiPollutant[] = ['so2', 'no2', 'pm10', 'co', 'o3', 'pm25'];

/**
 * Real-time (hourly) inputs, HJ 633 §5 实时报: the hour's 1-h averages of SO2, NO2, CO and O3, and the
 * 24-h moving averages of PM10 and PM2.5. µg/m³, CO mg/m³; a missing pollutant is skipped.
 */
export interface HourlyAqiInput {
  readonly so2?: number | null;
  readonly no2?: number | null;
  readonly co?: number | null;
  readonly o3?: number | null;
  /** 24-h moving average. */
  readonly pm10?: number | null;
  /** 24-h moving average. */
  readonly pm25?: number | null;
  /** SO2 24-h moving average: its IAQI stands for SO2 when the 1-h value is above 800 µg/m³ (note 2). */
  readonly so2Avg24h?: number | null;
  /** O3 8-h moving average, which the real-time report also lists; counted when given. */
  readonly o3Avg8h?: number | null;
}

/**
 * Daily inputs, HJ 633 §5 日报: 24-h averages of SO2, NO2, CO, PM10 and PM2.5 and the day's largest O3
 * 8-h moving average. µg/m³, CO mg/m³; a missing pollutant is skipped.
 */
export interface DailyAqiInput {
  readonly so2?: number | null;
  readonly no2?: number | null;
  readonly co?: number | null;
  /** The day's largest 8-h moving average. */
  readonly o3?: number | null;
  readonly pm10?: number | null;
  readonly pm25?: number | null;
  /** The day's largest 1-h O3: counted when given, and stands for O3 when the 8-h value is above 800 (note 3). */
  readonly o3Max1h?: number | null;
}

type Measured = readonly (readonly [AqiItem, number | null | undefined])[];

/** IAQI of each present item, then AQI, category and primary pollutants; null when nothing was computed. */
function combine(measured: Measured): AqiResult | null {
  const iaqi: Partial<Record<AqiItem, number>> = {};
  for (const [item, value] of measured) {
    if (value === null || value === undefined) continue;
    const index = computeIaqi(item, value);
    if (index !== null) iaqi[item] = index;
  }
  const entries = Object.entries(iaqi) as [AqiItem, number][];
  if (entries.length === 0) return null;
  const aqi = Math.max(...entries.map(([, v]) => v));
  const top = new Set(entries.filter(([, v]) => v === aqi).map(([item]) => AQI_ITEMS[item].pollutant));
  const primaryPollutants = aqi > 50 ? AQI_POLLUTANTS.filter((p) => top.has(p)) : [];
  return { aqi, category: aqiCategory(aqi), iaqi, primaryPollutants };
}

const isAbove = (value: number | null | undefined, limit: number): boolean =>
  value !== null && value !== undefined && value > limit;

/** Hourly (real-time) AQI of one station. */
export function hourlyAqi(input: HourlyAqiInput): AqiResult | null {
  return combine([
    // Note (2): the 24-h SO2 stands for SO2 only when the 1-h value is off the table.
    isAbove(input.so2, 800) ? ['so2_24h', input.so2Avg24h] : ['so2_1h', input.so2],
    ['no2_1h', input.no2],
    ['pm10_24h', input.pm10],
    ['co_1h', input.co],
    ['o3_1h', input.o3],
    // Note (3): above 800 the 8-h O3 gets no IAQI (computeIaqi gives null); the 1-h value stands for O3.
    ['o3_8h', input.o3Avg8h],
    ['pm25_24h', input.pm25],
  ]);
}

/** Daily AQI of one station. */
export function dailyAqi(input: DailyAqiInput): AqiResult | null {
  return combine([
    ['so2_24h', input.so2],
    ['no2_24h', input.no2],
    ['pm10_24h', input.pm10],
    ['co_24h', input.co],
    // Note (3): above 800 the 8-h O3 has no IAQI, and the 1-h value (counted anyway when given) stands for O3.
    ['o3_8h', input.o3],
    ['o3_1h', input.o3Max1h],
    ['pm25_24h', input.pm25],
  ]);
}
