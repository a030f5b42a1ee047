import { type EndpointQuery, queryEndpoints, type GatherRequest } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';
import { exportThroughLink } from '../../../../lib/export-link';
import { i18n } from '../../../../lib/i18n';

const calls = queryEndpoints.gather;

/** The request as sent: its lists comma-joined, which the declared schema parses into arrays. */
const sent = (request: GatherRequest) => ({ ...request }) as unknown as EndpointQuery<typeof calls.read>;

export const gatherQueryOptions = (request: GatherRequest) =>
  queryOptions({
    queryKey: endpointKey(calls.read, request),
    queryFn: () => callEndpoint(calls.read, { query: sent(request) }),
  });

/** The two-step export of the same filters; headers in the console's language. */
export function exportGather(request: GatherRequest): Promise<void> {
  return exportThroughLink(calls.export.path, { ...request, lang: i18n.language });
}
