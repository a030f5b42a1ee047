/**
 * The platform's HJ 212 air factor codes (HJ 212-2017 Table B.2, packages/hj212 factors.ts) for the six
 * AQI pollutants, and the unit conversion a caller needs before `hourlyAqi` / `dailyAqi`.
 *
 * Units differ between sources: the HJ 212 catalogue prints mg/m³ for SO2 and NO2 (emission monitoring),
 * while ambient stations, the simulator's among them, report SO2, NO2, O3 and particulates in µg/m³ and
 * CO in mg/m³ — the units HJ 633 uses. Convert with the factor's configured unit, never assume it.
 */
import { AQI_POLLUTANTS, type AqiPollutant } from './aqi.js';

export interface AqiFactor {
  readonly pollutant: AqiPollutant;
  /** HJ 212-2017 code. */
  readonly code: string;
  /** The unit HJ 633 Table 1 expects. */
  readonly unit: 'µg/m³' | 'mg/m³';
  /** Unit the HJ 212 catalogue prints for the code, where it differs from `unit` (a station may use either). */
  readonly catalogueUnit?: 'mg/m³';
}

export const AQI_FACTORS: Readonly<Record<AqiPollutant, AqiFactor>> = {
  so2: { pollutant: 'so2', code: 'a21026', unit: 'µg/m³', catalogueUnit: 'mg/m³' },
  no2: { pollutant: 'no2', code: 'a21004', unit: 'µg/m³', catalogueUnit: 'mg/m³' },
  co: { pollutant: 'co', code: 'a21005', unit: 'mg/m³' },
  o3: { pollutant: 'o3', code: 'a05024', unit: 'µg/m³' },
  pm10: { pollutant: 'pm10', code: 'a34002', unit: 'µg/m³' },
  pm25: { pollutant: 'pm25', code: 'a34004', unit: 'µg/m³' },
};

/** The AQI pollutant an HJ 212 factor code measures, if any. */
export function aqiPollutantOfFactor(code: string): AqiPollutant | undefined {
  return AQI_POLLUTANTS.find((p) => AQI_FACTORS[p].code === code);
}

/** Micrograms per cubic metre in each spelling a unit field may hold (µ micro sign, μ Greek mu, u). */
const MICROGRAMS = new Set(['µg/m³', 'μg/m³', 'ug/m³', 'µg/m3', 'μg/m3', 'ug/m3']);
const MILLIGRAMS = new Set(['mg/m³', 'mg/m3']);

/** µg/m³ per unit, or undefined for a unit that is not a mass concentration this module knows. */
function microgramsPer(unit: string): number | undefined {
  const u = unit.trim().replace(/\s+/g, '');
  if (MICROGRAMS.has(u)) return 1;
  if (MILLIGRAMS.has(u)) return 1000;
  return undefined;
}

/**
 * A reported concentration in the unit HJ 633 expects for the pollutant; undefined when the unit is
 * unknown (ppb, ppm and the like need temperature and pressure, which this module does not guess).
 */
export function toAqiUnit(pollutant: AqiPollutant, value: number, unit: string): number | undefined {
  const from = microgramsPer(unit);
  const to = microgramsPer(AQI_FACTORS[pollutant].unit);
  if (from === undefined || to === undefined) return undefined;
  return from === to ? value : (value * from) / to;
}
