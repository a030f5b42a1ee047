import { CRUD } from '@envmon/shared';
import { CrudPage } from '../../../../components/crud/crud-page';

export default function ResourcePage() {
  return <CrudPage def={CRUD.resource} />;
}
