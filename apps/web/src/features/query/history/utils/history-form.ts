import {
  DAY_MS,
  HISTORY_MAX_RANGE_DAYS,
  type HistoryCell,
  type HistoryFactor,
  type HistoryTimeUnit,
  vocabularyColor,
} from '@envmon/shared';
import type { Dayjs } from 'dayjs';

/** How a unit's range is picked: date-times for the short kinds, whole days, months or years for the rest. */
export type RangePickerKind = 'time' | 'date' | 'month' | 'year';

export function pickerOf(unit: HistoryTimeUnit): RangePickerKind {
  switch (unit) {
    case 'realtime':
    case 'minute':
    case 'hour':
      return 'time';
    case 'day':
    case 'flowDay':
      return 'date';
    case 'month':
    case 'flowMonth':
      return 'month';
    case 'flowYear':
      return 'year';
  }
}

/** What the screen shows first for a unit: the latest hour, day, week, month, year or five years. */
export function defaultRange(unit: HistoryTimeUnit, now: Dayjs): [Dayjs, Dayjs] {
  switch (unit) {
    case 'realtime':
      return [now.subtract(1, 'hour'), now];
    case 'minute':
      return [now.subtract(1, 'day'), now];
    case 'hour':
      return [now.startOf('day').subtract(6, 'day'), now];
    case 'day':
    case 'flowDay':
      return [now.startOf('month'), now.startOf('day')];
    case 'month':
    case 'flowMonth':
      return [now.startOf('year'), now.startOf('month')];
    case 'flowYear':
      return [now.startOf('year').subtract(4, 'year'), now.startOf('year')];
  }
}

/** The picked range as the query's [beginTime, endTime): whole days, months or years include the last one picked. */
export function rangeBounds(unit: HistoryTimeUnit, [from, to]: readonly [Dayjs, Dayjs]) {
  const kind = pickerOf(unit);
  if (kind === 'time') return { beginTime: from.valueOf(), endTime: to.valueOf() };
  const part = kind === 'date' ? 'day' : kind;
  return { beginTime: from.startOf(part).valueOf(), endTime: to.startOf(part).add(1, part).valueOf() };
}

/** Begin before end, and no longer than the server allows for the unit (HISTORY_MAX_RANGE_DAYS). */
export function rangeAllowed(unit: HistoryTimeUnit, range: readonly [Dayjs, Dayjs]): boolean {
  const { beginTime, endTime } = rangeBounds(unit, range);
  return endTime > beginTime && endTime - beginTime <= HISTORY_MAX_RANGE_DAYS[unit] * DAY_MS;
}

/** A value to the factor's decimals where the catalogue gives them; '-' for none. */
export function formatValue(value: number | null | undefined, decimals: number | null): string {
  if (value === null || value === undefined) return '-';
  return decimals === null ? String(value) : value.toFixed(decimals);
}

/** The factor's name in the console's language (its code when the catalogue has none). */
export function factorLabel(factor: HistoryFactor, lang: 'zh' | 'en'): string {
  return (lang === 'en' ? factor.factorNameEn : factor.factorName) ?? factor.factorCode;
}

/** A column header: the name with the unit, as the export writes it. */
export function factorTitle(factor: HistoryFactor, lang: 'zh' | 'en'): string {
  const name = factorLabel(factor, lang);
  return factor.unit ? `${name} (${factor.unit})` : name;
}

/**
 * How a value is shown: normal (station flag N and platform quality N, or a flow sum without flags),
 * danger for the flags the vocabulary colours red or volcano (faults, limits, outliers), warning for the
 * rest (suspect, calibration, maintenance …).
 */
export type CellTone = 'normal' | 'warning' | 'danger';

export function cellTone(cell: HistoryCell): CellTone {
  const flag = cell.flag ?? 'N';
  const quality = cell.quality ?? 'N';
  if (flag === 'N' && quality === 'N') return 'normal';
  const colour = vocabularyColor('dataFlag', flag === 'N' ? quality : flag);
  return colour === 'red' || colour === 'volcano' ? 'danger' : 'warning';
}
