/**
 * Default quality-rule parameters per factor of the HJ 212 catalogue (HJ212.md §12, `FACTORS` in @envmon/hj212), in
 * the catalogue's units. Operators override them per factor; these only have to be safe out of the box.
 *
 * - SH1 ranges are deliberately generous (physical limits or analyser full scale, covering both surface-water and
 *   pollution-source stations): an SH1 value is dropped from the series, so a range that is too tight does more harm
 *   than one too loose, and site-specific limits belong in the outlier intervals (WN, ABN), which are site
 *   knowledge set by operators (modules/outlier-interval) and have no defaults.
 * - SH3 after 6 equal values for analyser readings (a stuck analyser repeats its last result); off for
 *   meteorological and temperature/flow factors, which legitimately hold one value at their resolution for long
 *   stretches (calm wind, 100 % humidity in fog, no discharge, slow water temperature).
 * - SH4/SH5 at a rise of more than 200 % (v > 3 × prev) or a drop of more than 80 % (v < 0.2 × prev) for
 *   concentrations; off for factors without a meaningful ratio (temperatures cross zero, direction wraps at 360,
 *   wind and flow start from and stop at zero).
 */
import { normaliseFactorCode } from '@envmon/hj212';
import type { QualityParams } from './quality.js';

const CONSTANT_COUNT = 6;
const RISE_RATIO = 2;
const DROP_RATIO = 0.8;

/** Analyser readings: zero and constant runs are suspect, sudden changes relative to the last value are flagged. */
function analyte(rangeMin: number, rangeMax: number, ratios?: { rise: number; drop: number }): Readonly<QualityParams> {
  return Object.freeze({
    rangeMin,
    rangeMax,
    zeroIsSuspect: true,
    constantCount: CONSTANT_COUNT,
    riseRatio: ratios?.rise ?? RISE_RATIO,
    dropRatio: ratios?.drop ?? DROP_RATIO,
  });
}

/** Physical quantities checked only against their plausible range (and for zero where 0 cannot be real). */
function rangeOnly(rangeMin: number, rangeMax: number, zeroIsSuspect: boolean): Readonly<QualityParams> {
  return Object.freeze({
    rangeMin,
    rangeMax,
    zeroIsSuspect,
    constantCount: 0,
    riseRatio: null,
    dropRatio: null,
  });
}

/** One explicit entry per catalogue code (a test holds the two lists together). */
export const FACTOR_QUALITY_DEFAULTS: Readonly<Record<string, Readonly<QualityParams>>> = Object.freeze({
  // Water (mg/L unless noted).
  // pH is logarithmic: a change of a third (7 → 9.3 or 7 → 4.7) is already a sudden shift.
  w01001: analyte(0, 14, { rise: 0.3, drop: 0.3 }),
  w01009: analyte(0, 20), // dissolved oxygen; supersaturation stays below 20
  w01018: analyte(0, 2000), // COD, analyser full scale
  w21003: analyte(0, 200), // NH3-N
  w21011: analyte(0, 50), // TP
  w21001: analyte(0, 200), // TN
  w01010: rangeOnly(-5, 45, false), // water temperature, °C
  w01014: analyte(0, 100_000), // conductivity, µS/cm (seawater ≈ 50 000)
  w01019: analyte(0, 200), // CODMn
  w01020: analyte(0, 1000), // TOC
  w00000: rangeOnly(0, 100_000, false), // waste-water flow, L/s; 0 = not discharging
  w01012: analyte(0, 10_000), // suspended solids
  w22001: analyte(0, 200), // petroleum
  w23002: analyte(0, 100), // volatile phenol
  w01003: analyte(0, 4000), // turbidity, NTU

  // Air. Particulates in µg/m³, bounds above the worst recorded haze and sandstorm hours.
  a34004: analyte(0, 2000), // PM2.5
  a34002: analyte(0, 10_000), // PM10
  a34001: analyte(0, 20_000), // TSP
  a34005: analyte(0, 2000), // PM1.0 (no unit in the catalogue; µg/m³ like the other particulates)
  // Gases in mg/m³: bounds cover flue-gas (CEMS) full scale; ambient values are orders of magnitude lower.
  a21026: analyte(0, 10_000), // SO2
  a21004: analyte(0, 2000), // NO2
  a21002: analyte(0, 5000), // NOx
  a21003: analyte(0, 3000), // NO
  a21005: analyte(0, 10_000), // CO
  a19001: analyte(0, 25), // O2 content, % (air is 20.9)
  a34013: analyte(0, 10_000), // smoke dust
  a24088: analyte(0, 10_000), // NMHC
  a21028: analyte(0, 1000), // H2S
  a21001: analyte(0, 1000), // NH3 (unit illegible in the standard; bound loose enough for mg/m³ or ppm)
  a05024: analyte(0, 2000), // O3 (no unit in the catalogue; covers µg/m³ and mg/m³)
  // Meteorology.
  a01001: rangeOnly(-50, 60, false), // air temperature, °C
  a01002: rangeOnly(0, 100, true), // relative humidity, %; 0 % does not occur outdoors
  a01006: rangeOnly(50, 110, true), // atmospheric pressure, kPa (≈ 5500 m altitude to record high)
  a01007: rangeOnly(0, 75, false), // wind speed, m/s
  a01008: rangeOnly(0, 360, false), // wind direction, degree; 0 = north
} satisfies Record<string, QualityParams>);

/** Unknown (vendor) codes: no range or zero rule without knowing the quantity; only a stuck-value check. */
const GENERIC: Readonly<QualityParams> = Object.freeze({
  rangeMin: null,
  rangeMax: null,
  zeroIsSuspect: false,
  constantCount: CONSTANT_COUNT,
  riseRatio: null,
  dropRatio: null,
});

/** The default parameters of a factor (2017 or legacy 2005 code); a fresh object the caller may change. */
export function defaultQualityParams(code: string): QualityParams {
  const normalised = normaliseFactorCode(code);
  const entry = Object.hasOwn(FACTOR_QUALITY_DEFAULTS, normalised) ? FACTOR_QUALITY_DEFAULTS[normalised] : undefined;
  return { ...(entry ?? GENERIC) };
}
