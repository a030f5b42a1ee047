import { type OtherScopedQuery, queryEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';
import { exportThroughLink } from '../../../../lib/export-link';
import { i18n } from '../../../../lib/i18n';

const calls = queryEndpoints.other;

/** A device's station state of one kind in a range (parsed by the server from the stored packets). */
export const otherQueryOptions = (query: OtherScopedQuery) =>
  queryOptions({
    queryKey: endpointKey(calls.read, query),
    queryFn: () => callEndpoint(calls.read, { query }),
  });

/** The same rows as xlsx, with the kind's columns headed in the console's language (two-step export). */
export function exportOther(query: OtherScopedQuery): Promise<void> {
  return exportThroughLink(calls.export.path, { ...query, lang: i18n.language });
}
