import { DatePicker, type GetProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { rangePresets } from '../../lib/range-presets';

export type DateRangePickerProps = GetProps<typeof DatePicker.RangePicker>;

/**
 * antd's RangePicker with the console's quick ranges (today, last 24 hours, last 7 days, this month, last
 * month — those that fit the picker's granularity). Every range picker is this one, so every screen offers
 * the same presets; a caller's own `presets` still win.
 */
export function DateRangePicker(props: DateRangePickerProps) {
  const { t } = useTranslation();
  const presets = useMemo(
    () => rangePresets(t, props.picker).map(({ label, value }) => ({ label, value })),
    [t, props.picker],
  );
  return <DatePicker.RangePicker presets={presets} {...props} />;
}
