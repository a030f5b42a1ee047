import { type OutlierBounds, outlierFlag } from '@envmon/shared';

/**
 * Platform data-quality flags: computed beside the station's own HJ 212 flag (N, F, M, S, D, C, T, B), never instead
 * of it — a value keeps both. Pure rules over one factor's series; the pipeline keeps one `SeriesState` per
 * station × factor × data kind and persists nothing here.
 */

/**
 * N normal · SH1 unreasonable (outside the plausible range) · SH2 zero · SH3 constant · SH4 sudden rise ·
 * SH5 sudden drop · ABN outlier and WN suspected outlier (outside the operator's outlier intervals).
 */
export type QualityFlag = 'N' | 'SH1' | 'SH2' | 'SH3' | 'SH4' | 'SH5' | 'ABN' | 'WN';

/**
 * The flags the outlier intervals decide alone: a stored value with one of these is re-judged when intervals are
 * re-applied (modules/outlier-interval); the others name a cause of their own and stay.
 */
export const INTERVAL_FLAGS: readonly QualityFlag[] = ['N', 'WN', 'ABN'];

/** Per-factor rule parameters; every bound is exclusive (a value equal to a bound passes). */
export interface QualityParams {
  /** SH1 below this (null = no lower bound). */
  rangeMin: number | null;
  /** SH1 above this (null = no upper bound). */
  rangeMax: number | null;
  /** SH2 applies; false for factors where 0 is a normal reading (wind speed, flow, temperature …). */
  zeroIsSuspect: boolean;
  /** SH3 when this many consecutive equal values (including this one) have arrived; 0 = off. */
  constantCount: number;
  /** SH4 when (v − prev) / |prev| > riseRatio (prev ≠ 0); null = off. */
  riseRatio: number | null;
  /** SH5 when (prev − v) / |prev| > dropRatio (prev ≠ 0); null = off. */
  dropRatio: number | null;
}

/** One factor's series so far: the last value that entered it and how many equal values end it. */
export interface SeriesState {
  last: number | null;
  sameCount: number;
}

/** The series before its first value; frozen because it is shared by every new series. */
export const EMPTY_SERIES: SeriesState = Object.freeze({ last: null, sameCount: 0 });

/**
 * Pure: the platform flag of one value given the series so far, and the series after it.
 *
 * When several rules match, the first wins: SH1 > SH2 > SH3 > SH4 > SH5 > ABN > WN > N. The outlier intervals
 * (`outlier`: the operator's, for this value's month) come after the platform's rules on purpose: those name a more
 * specific cause, and with the intervals last a value flagged N, WN or ABN owes its flag to the intervals alone — so
 * re-applying changed intervals to stored values gives exactly what ingest would have given.
 *
 * An SH1 value (including NaN/±Infinity) does not enter the series: it is not a real measurement, and letting it in
 * would make the next good value look like a sudden drop/rise and break a genuine constant run. Every other value
 * — zero, constant, spike, outlier — is a real reading and does enter it, so the value after a spike is compared with
 * the spike.
 */
export function assessValue(
  value: number,
  params: QualityParams,
  state: SeriesState,
  outlier: OutlierBounds | null = null,
): { flag: QualityFlag; state: SeriesState } {
  if (!Number.isFinite(value) || isBelow(value, params.rangeMin) || isAbove(value, params.rangeMax)) {
    return { flag: 'SH1', state };
  }

  const prev = state.last;
  // Exact equality on purpose: stations send decimal text, so equal texts parse to equal numbers and
  // any epsilon would merge genuinely different readings at the factor's resolution.
  const sameCount = prev !== null && value === prev ? state.sameCount + 1 : 1;
  const next: SeriesState = { last: value, sameCount };

  return { flag: ruleFlag(value, prev, sameCount, params) ?? outlierFlag(value, outlier), state: next };
}

/** The platform's own rules after SH1; null when none matches. */
function ruleFlag(value: number, prev: number | null, sameCount: number, params: QualityParams): QualityFlag | null {
  if (value === 0 && params.zeroIsSuspect) return 'SH2';
  if (params.constantCount > 0 && sameCount >= params.constantCount) return 'SH3';
  // A change relative to zero is undefined (any rise from 0 would be infinite), so prev = 0 never flags SH4/SH5.
  if (prev !== null && prev !== 0) {
    if (params.riseRatio !== null && (value - prev) / Math.abs(prev) > params.riseRatio) return 'SH4';
    if (params.dropRatio !== null && (prev - value) / Math.abs(prev) > params.dropRatio) return 'SH5';
  }
  return null;
}

function isBelow(value: number, bound: number | null): boolean {
  return bound !== null && value < bound;
}

function isAbove(value: number, bound: number | null): boolean {
  return bound !== null && value > bound;
}
