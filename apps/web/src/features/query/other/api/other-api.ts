import type { OtherResult, OtherScopedQuery } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { exportThroughLink } from '../../../../lib/export-link';
import { i18n } from '../../../../lib/i18n';

export const OTHER_URL = '/data/other/rest/get';
export const OTHER_EXPORT_URL = '/data/other/rest/export';

/** A device's station state of one kind in a range (parsed by the server from the stored packets). */
export const otherQueryOptions = (query: OtherScopedQuery) =>
  queryOptions({
    queryKey: ['other', query] as const,
    queryFn: () => api.get<OtherResult>(OTHER_URL, query),
  });

/** The same rows as xlsx, with the kind's columns headed in the console's language (two-step export). */
export function exportOther(query: OtherScopedQuery): Promise<void> {
  return exportThroughLink(OTHER_EXPORT_URL, { ...query, lang: i18n.language });
}
