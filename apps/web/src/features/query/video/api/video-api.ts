import { queryEndpoints, type VideoQuery } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** The enabled cameras the caller may watch: of one device, or of every device of the header's project. */
export const videoCamerasQueryOptions = (query: VideoQuery) =>
  queryOptions({
    queryKey: endpointKey(queryEndpoints.video, query),
    queryFn: () => callEndpoint(queryEndpoints.video, { query: { ...query } }),
  });
