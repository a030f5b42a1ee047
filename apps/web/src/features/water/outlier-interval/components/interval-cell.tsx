import { vocabularyColor } from '@envmon/shared';
import { Tag } from 'antd';
import { EMPTY_CELL } from '../../../../components/crud/constants';

/** An interval as `lo ~ hi` (an open side as −∞ / +∞) in its flag's colour; no bound at all as a blank cell. */
export function IntervalCell({ flag, min, max }: { flag: 'ABN' | 'WN'; min: number | null; max: number | null }) {
  if (min === null && max === null) return EMPTY_CELL;
  return (
    <Tag color={vocabularyColor('dataFlag', flag)} bordered={false}>
      {`${min ?? '−∞'} ~ ${max ?? '+∞'}`}
    </Tag>
  );
}
