import { deviceEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** How often the map's colours are refreshed (stations report every few minutes). */
export const STATUS_REFRESH_MS = 60_000;

/** The gateway's online state of every device of the project, by device id. */
export const deviceStatusQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    queryKey: endpointKey(deviceEndpoints.getStatus, projectId ?? null),
    queryFn: () => callEndpoint(deviceEndpoints.getStatus, { query: { projectId } }),
    refetchInterval: STATUS_REFRESH_MS,
    select: (rows) => new Map(rows.map((row) => [row.deviceId, row.online])),
  });
