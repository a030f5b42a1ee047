import { ListPage } from '../../../../components/crud/list-page';
import { FACTOR_LIST } from '../factor-list';

/** Settings → monitor factors, from its definition. */
export default function FactorSettingsPage() {
  return <ListPage def={FACTOR_LIST} />;
}
