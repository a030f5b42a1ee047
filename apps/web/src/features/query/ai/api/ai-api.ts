import type { AiRequest, AiResult } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { exportThroughLink } from '../../../../lib/export-link';
import { i18n } from '../../../../lib/i18n';

export const AI_URLS = { get: '/data/ai/rest/get', export: '/data/ai/rest/export' } as const;

export const aiQueryOptions = (request: AiRequest) =>
  queryOptions({
    queryKey: ['ai', request] as const,
    queryFn: () => api.get<AiResult>(AI_URLS.get, { ...request }),
  });

/** The two-step export of the same filters; headers in the console's language. */
export function exportAi(request: AiRequest): Promise<void> {
  return exportThroughLink(AI_URLS.export, { ...request, lang: i18n.language });
}
