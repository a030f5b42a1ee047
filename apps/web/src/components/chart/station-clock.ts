import { DAY_MS, formatStationTime, formatStationTimeWithZone, MINUTE_MS, type TimePrecision } from '@envmon/shared';
import { formatDataTime } from '../../lib/data-time';

/**
 * The one rule of every chart with a time axis: its times are the station's, as the tables and the
 * exports write them (lib/data-time.ts). ECharts places a time axis's ticks and writes their text in
 * the browser's zone; the tick positions stay ECharts', only the text is the station's clock — so
 * the chart, the table under it and the exported file name the same hour. The zone is named in the
 * tooltip's time, where the browser's zone differs from the station's, or always when the chart holds
 * stations of several zones (then the first station's clock is the chart's).
 */
export interface StationClock {
  /** The station's zone, minutes east of UTC. */
  utcOffsetMinutes: number;
  /** Stations of other zones share the chart: its times always name their zone. */
  mixed: boolean;
  /** How much of a time the tooltip shows (a real-time value to the second, an hour's period to the minute …). */
  precision: TimePrecision;
}

/** The clock of a chart holding stations of these zones, in the chart's order; none for a chart of no station. */
export function stationClock(
  utcOffsets: readonly number[],
  precision: TimePrecision = 'second',
): StationClock | undefined {
  const [first] = utcOffsets;
  if (first === undefined) return undefined;
  return { utcOffsetMinutes: first, mixed: utcOffsets.some((offset) => offset !== first), precision };
}

/** Under this span ticks may fall between minutes: their text shows the seconds. */
const SECONDS_SPAN_MS = 10 * MINUTE_MS;
/** Over this span the ticks are days or more apart: their text is the date with its year. */
const YEAR_SPAN_MS = 366 * DAY_MS;
/** Where the parts start in formatStationTime's 'YYYY-MM-DD HH:mm:ss'. */
const MONTH_AT = 5;
const HOUR_AT = 11;

/**
 * The text of a tick on the station's clock, as fine as the axis's span needs: HH:mm within a day
 * (HH:mm:ss within minutes), MM-DD HH:mm within a year, YYYY-MM-DD beyond — numbers in the same order
 * in both languages, as the tables write them.
 */
export function tickText(ms: number, utcOffsetMinutes: number, spanMs: number): string {
  if (spanMs > YEAR_SPAN_MS) return formatStationTime(ms, utcOffsetMinutes, 'day');
  if (spanMs > DAY_MS) return formatStationTime(ms, utcOffsetMinutes, 'minute').slice(MONTH_AT);
  if (spanMs < SECONDS_SPAN_MS) return formatStationTime(ms, utcOffsetMinutes, 'second').slice(HOUR_AT);
  return formatStationTime(ms, utcOffsetMinutes, 'minute').slice(HOUR_AT);
}

/** The text of the time under the pointer (the tooltip's title): the station's time, its zone named as the rule says. */
export function pointerText(ms: number, clock: StationClock): string {
  return clock.mixed
    ? formatStationTimeWithZone(ms, clock.utcOffsetMinutes, clock.precision)
    : formatDataTime(ms, clock.utcOffsetMinutes, clock.precision);
}

/** The time span a time axis shows: its min to max when both are known, else none (a chart without data). */
export interface TimeSpan {
  min?: unknown;
  max?: unknown;
}

/**
 * What a time x axis takes to speak the station's clock: its tick labels' formatter and its pointer
 * label's formatter (the axis tooltip's title is that label's text). Merge into the axis's axisLabel
 * and axisPointer.
 */
export function stationTimeAxis(clock: StationClock, span: TimeSpan) {
  const spanMs = typeof span.min === 'number' && typeof span.max === 'number' ? span.max - span.min : DAY_MS;
  return {
    // A time axis's ticks are epoch ms; the wider parameter type lets the formatter sit in any x axis option.
    axisLabel: { formatter: (value: number | string) => tickText(Number(value), clock.utcOffsetMinutes, spanMs) },
    axisPointer: { label: { formatter: (params: { value: unknown }) => pointerText(Number(params.value), clock) } },
  };
}
