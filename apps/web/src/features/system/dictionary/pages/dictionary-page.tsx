import { CRUD } from '@envmon/shared';
import { CrudPage } from '../../../../components/crud/crud-page';

export default function DictionaryPage() {
  return <CrudPage def={CRUD.dictionary} />;
}
