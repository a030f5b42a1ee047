import { ListPage } from '../../../../components/crud/list-page';
import { THRESHOLD_LIST } from '../threshold-list';

/** The thresholds tab, from its definition. */
export function ThresholdsTab() {
  return <ListPage def={THRESHOLD_LIST} embedded />;
}
