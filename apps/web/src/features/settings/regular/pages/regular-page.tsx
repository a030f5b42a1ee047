import { ListPage } from '../../../../components/crud/list-page';
import { REGULAR_LIST } from '../regular-list';

/** Settings › regular, from its definition. */
export default function RegularSettingsPage() {
  return <ListPage def={REGULAR_LIST} />;
}
