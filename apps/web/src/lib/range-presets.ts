import type { TFunction } from 'i18next';
import dayjs, { type Dayjs } from 'dayjs';

/** The quick ranges every range picker offers (issue 14): the same five everywhere, in this order. */
export const RANGE_PRESET_KEYS = ['today', 'last24Hours', 'last7Days', 'thisMonth', 'lastMonth'] as const;
export type RangePresetKey = (typeof RANGE_PRESET_KEYS)[number];

/** Which presets make sense at a picker's granularity: a month picker has no 'today', a year picker none. */
const BY_PICKER: Record<string, readonly RangePresetKey[]> = {
  date: RANGE_PRESET_KEYS,
  week: RANGE_PRESET_KEYS,
  month: ['thisMonth', 'lastMonth'],
  quarter: [],
  year: [],
};

/** A preset's range at `now`: whole days and months from their start to their end, the rolling ones up to now. */
export function presetRange(key: RangePresetKey, now: Dayjs): [Dayjs, Dayjs] {
  switch (key) {
    case 'today':
      return [now.startOf('day'), now.endOf('day')];
    case 'last24Hours':
      return [now.subtract(1, 'day'), now];
    case 'last7Days':
      return [now.subtract(7, 'day'), now];
    case 'thisMonth':
      return [now.startOf('month'), now.endOf('month')];
    case 'lastMonth': {
      const last = now.subtract(1, 'month');
      return [last.startOf('month'), last.endOf('month')];
    }
  }
}

export interface RangePreset {
  key: RangePresetKey;
  label: string;
  /** Read when chosen, so a page left open all day still means 'now'. */
  value: () => [Dayjs, Dayjs];
}

/** The presets for a picker of that granularity (antd RangePicker `presets`), labelled in the console's language. */
export function rangePresets(t: TFunction, picker = 'date', now: () => Dayjs = () => dayjs()): RangePreset[] {
  return (BY_PICKER[picker] ?? []).map((key) => ({
    key,
    label: t(`common.rangePresets.${key}`),
    value: () => presetRange(key, now()),
  }));
}
