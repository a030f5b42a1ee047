import { ListPage } from '../../../../components/crud/list-page';
import { DATA_AUDIT_LIST } from '../data-audit-list';

/** Settings › data audit, from its definition. */
export default function DataAuditSettingsPage() {
  return <ListPage def={DATA_AUDIT_LIST} />;
}
