import { counterControlEndpoints } from '@envmon/shared';
import { listEndpoints } from '../../../../components/crud/list-endpoints';

/**
 * The list's writes as the declarative CRUD knows them: a new command and a resend are both `update`
 * (the server tells them apart by `id`), withdrawing is `delete ?id`.
 */
export const COUNTER_CONTROL_ENDPOINTS = listEndpoints({
  list: counterControlEndpoints.get,
  add: counterControlEndpoints.update,
  update: counterControlEndpoints.update,
  remove: counterControlEndpoints.remove,
});
