import { ListPage } from '../../../../components/crud/list-page';
import { JOB_LIST } from '../job-list';

/** System › job, from its definition. */
export default function JobPage() {
  return <ListPage def={JOB_LIST} />;
}
