import { Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { rangeAllowed } from '../utils/original-filter';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';

/**
 * The time range of the packet-based queries (other data, AI): a picker with times, marked with why when it
 * is longer than those queries allow (they read raw packets, not rollups).
 */
export function TimeRangeItem({
  label,
  tooLong,
  range,
  onChange,
}: {
  label: string;
  tooLong: string;
  range: [Dayjs, Dayjs];
  onChange: (range: [Dayjs, Dayjs]) => void;
}) {
  const valid = rangeAllowed(range);
  return (
    <Form.Item label={label} validateStatus={valid ? undefined : 'error'} help={valid ? undefined : tooLong}>
      <DateRangePicker
        showTime
        allowClear={false}
        value={range}
        onChange={(next) => {
          if (next?.[0] && next[1]) onChange([next[0], next[1]]);
        }}
      />
    </Form.Item>
  );
}
