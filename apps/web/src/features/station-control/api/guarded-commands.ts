import { dynamicCodeEndpoints } from '@envmon/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/**
 * The commands guarded from the start (migration 0019), asked a code for until the dynamic-code settings are
 * read (or when they cannot be). The server decides in the end: when it asks for a code for another command,
 * the forms show the field then.
 */
const DEFAULT_GUARDED_COMMANDS: readonly string[] = [
  '1072',
  '3011',
  '3021',
  '3042',
  '3043',
  '3045',
  '3080',
  '3081',
  '3082',
];

/** Quiet: a failure only leaves the defaults in place. */
const guardedCommandsQueryOptions = () =>
  queryOptions({
    queryKey: endpointKey(dynamicCodeEndpoints.guarded),
    queryFn: () => callEndpoint(dynamicCodeEndpoints.guarded, {}, { quiet: true }),
  });

/** The commands the forms ask a dynamic code for. */
export function useGuardedCommands(): ReadonlySet<string> {
  const guarded = useQuery(guardedCommandsQueryOptions());
  const cns = guarded.data?.cns ?? DEFAULT_GUARDED_COMMANDS;
  return useMemo(() => new Set(cns), [cns]);
}
