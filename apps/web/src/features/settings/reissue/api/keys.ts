import { type ReissueListQuery, reissueEndpoints } from '@envmon/shared';
import { endpointKey } from '../../../../lib/endpoint';

/** Query keys (STYLE.md rules 7 and 16): under the declared root ['reissue'], which a new task invalidates. */
export const reissueKeys = {
  all: reissueEndpoints.list.key,
  page: (query: ReissueListQuery) => endpointKey(reissueEndpoints.list, 'page', query),
};
