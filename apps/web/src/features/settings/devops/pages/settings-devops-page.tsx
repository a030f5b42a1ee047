import { ListPage } from '../../../../components/crud/list-page';
import { DEVOPS_LIST } from '../devops-list';

/** Settings › DevOps, from its definition. */
export default function SettingsDevopsPage() {
  return <ListPage def={DEVOPS_LIST} />;
}
