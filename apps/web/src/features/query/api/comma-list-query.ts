import type { Endpoint, QueryKeyRoot } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { QueryParams } from '../../../lib/api';
import { callEndpoint, type EndpointInput, endpointKey } from '../../../lib/endpoint';
import { exportThroughLink } from '../../../lib/export-link';
import { i18n } from '../../../lib/i18n';

/** A cached GET read with a query string. */
type Read = Endpoint<'GET', z.ZodType, undefined, undefined, z.ZodType, QueryKeyRoot>;

/**
 * A query screen's read and export of a request whose lists travel comma-joined (the declared schema
 * parses them back into arrays): the read cached under the request, the export's headers in the console's
 * language (AI, gather).
 */
export function commaListQuery<Req extends { [K in keyof Req]?: QueryParams[string] }, E extends Read>(calls: {
  read: E;
  export: { path: string };
}) {
  /** The request as sent, which the declared schema reads as its parsed query. */
  const sent = (request: Req) => ({ query: { ...request } }) as unknown as EndpointInput<E>;
  return {
    queryOptions: (request: Req) =>
      queryOptions({
        queryKey: endpointKey(calls.read, request),
        queryFn: () => callEndpoint(calls.read, sent(request)),
      }),
    /** The two-step export of the same filters. */
    exportRows: (request: Req): Promise<void> =>
      exportThroughLink(calls.export.path, { ...(request as QueryParams), lang: i18n.language }),
  };
}
