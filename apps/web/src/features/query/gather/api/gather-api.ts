import type { GatherRequest, GatherResult } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { exportThroughLink } from '../../../../lib/export-link';
import { i18n } from '../../../../lib/i18n';

export const GATHER_URLS = { get: '/data/gather/rest/get', export: '/data/gather/rest/export' } as const;

export const gatherQueryOptions = (request: GatherRequest) =>
  queryOptions({
    queryKey: ['gather', request] as const,
    queryFn: () => api.get<GatherResult>(GATHER_URLS.get, { ...request }),
  });

/** The two-step export of the same filters; headers in the console's language. */
export function exportGather(request: GatherRequest): Promise<void> {
  return exportThroughLink(GATHER_URLS.export, { ...request, lang: i18n.language });
}
