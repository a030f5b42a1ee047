import { dynamicCodeEndpoints } from '@envmon/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';

/** The list changes rarely (Settings › dynamic code); a minute spares a call per visit. */
const GUARDED_STALE_MS = 60_000;

/** The commands that need a dynamic code, under the declared key ['dynamicCode', 'guarded']. */
export const guardedQueryOptions = () =>
  queryOptions({
    queryKey: dynamicCodeEndpoints.guarded.key,
    // Quiet: without the list the panel asks for the defaults' codes, and the server for any other.
    queryFn: () => callEndpoint(dynamicCodeEndpoints.guarded, {}, { quiet: true }),
    select: (guarded) => guarded.cns,
    staleTime: GUARDED_STALE_MS,
  });

/**
 * The commands to ask a code for before sending, for those who may send (the call is theirs only);
 * undefined until read, or when it cannot be.
 */
export function useGuardedCns(enabled: boolean): readonly string[] | undefined {
  return useQuery({ ...guardedQueryOptions(), enabled }).data;
}
