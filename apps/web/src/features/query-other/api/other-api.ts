import type { OtherQuery, OtherResult } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const OTHER_URL = '/data/other/rest/get';

/** A device's station state of one kind in a range (parsed by the server from the stored packets). */
export const otherQueryOptions = (query: OtherQuery) =>
  queryOptions({
    queryKey: ['other', query] as const,
    queryFn: () => api.get<OtherResult>(OTHER_URL, query),
  });
