import { CRUD } from '@envmon/shared';
import { CrudPage } from '../../../../components/crud/crud-page';

/** Roles; the definition's resource-tree field assigns what each role may see and do. */
export default function RolePage() {
  return <CrudPage def={CRUD.role} />;
}
