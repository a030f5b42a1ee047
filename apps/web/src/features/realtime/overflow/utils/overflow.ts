import {
  overflowExceeded,
  REALTIME_TREND,
  THRESHOLD_OPERATOR,
  vocabularyLabel,
  type Alarm,
  type OverflowThreshold,
  type RealtimeOverflowStation,
  type RealtimeValue,
} from '@envmon/shared';
import type { VocabularyLang } from '../../../../components/crud/cell-render';
import { applyPushed } from '../../../alarm';
import type { LiveRules } from '../../water/utils/live-stations';

/**
 * How the push changes an overflow station: the values its overflow thresholds watch, the level's
 * trend, and the state of each overflow type recomputed from them.
 */
export const OVERFLOW_RULES: LiveRules<RealtimeOverflowStation, RealtimeValue> = {
  window: REALTIME_TREND,
  follows: (station, factorCode) => station.thresholds.some((t) => t.factorCode === factorCode),
  trends: (station, factorCode) => factorCode === station.levelFactorCode,
  toValue: (value) => value,
  derive: (station) => ({
    ...station,
    thresholds: station.thresholds.map((threshold) => ({
      ...threshold,
      exceeded: overflowExceeded(threshold, valueOf(station, threshold.factorCode)?.value),
    })),
  }),
};

export function valueOf(station: RealtimeOverflowStation, factorCode: string): RealtimeValue | undefined {
  return station.values.find((v) => v.factorCode === factorCode);
}

/**
 * Pushed alarms onto the stations' overflow alarms, as the badge applies them (added, replaced by
 * id, removed when cleared); the same array when none is an overflow alarm of a listed station.
 */
export function applyOverflowAlarms(
  stations: readonly RealtimeOverflowStation[],
  pushed: readonly Alarm[],
): readonly RealtimeOverflowStation[] {
  const byDevice = new Map<number, Alarm[]>();
  for (const alarm of pushed) {
    if (alarm.overflowType === null) continue;
    byDevice.set(alarm.deviceId, [...(byDevice.get(alarm.deviceId) ?? []), alarm]);
  }
  if (![...byDevice.keys()].some((id) => stations.some((s) => s.deviceId === id))) return stations;
  return stations.map((station) => {
    const alarms = byDevice.get(station.deviceId);
    return alarms ? { ...station, alarms: applyPushed(station.alarms, alarms).alarms } : station;
  });
}

export type OverflowState = 'exceeded' | 'normal' | 'noData';

export const OVERFLOW_STATE_COLORS: Readonly<Record<OverflowState, string>> = {
  exceeded: 'error',
  normal: 'success',
  noData: 'default',
};

export function overflowState(threshold: Pick<OverflowThreshold, 'exceeded'>): OverflowState {
  if (threshold.exceeded === null) return 'noData';
  return threshold.exceeded ? 'exceeded' : 'normal';
}

/** Headroom above the highest standard on the level gauge, so a standard is not drawn as full. */
const GAUGE_HEADROOM = 1.25;

/** The level as a percentage of the gauge's scale: the highest standard (or the level itself) with headroom. */
export function levelPercent(station: RealtimeOverflowStation): number | null {
  const level = valueOf(station, station.levelFactorCode)?.value;
  if (level === null || level === undefined) return null;
  const limits = station.thresholds
    .filter((t) => t.factorCode === station.levelFactorCode)
    .flatMap((t) => [t.limit1, t.limit2])
    .filter((limit): limit is number => limit !== null);
  const top = Math.max(level, ...limits) * GAUGE_HEADROOM;
  if (top <= 0) return 0;
  return Math.min(100, Math.max(0, (level / top) * 100));
}

/** The standard as the threshold settings show it: '> 2.5', or the range operators' label with the range filled in. */
export function standardText(threshold: OverflowThreshold, lang: VocabularyLang): string {
  const label = vocabularyLabel('thresholdSymbol', threshold.operator, lang);
  const ranged = threshold.operator === THRESHOLD_OPERATOR.notIn || threshold.operator === THRESHOLD_OPERATOR.in;
  if (!ranged) return `${label} ${threshold.limit1 ?? ''}`;
  return label.replace(/([([])m,n([)\]])/, `$1${threshold.limit1 ?? ''},${threshold.limit2 ?? ''}$2`);
}
