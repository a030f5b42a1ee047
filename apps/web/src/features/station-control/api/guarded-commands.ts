import { dynamicCodeEndpoints } from '@envmon/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callEndpoint } from '../../../lib/endpoint';

/**
 * The commands guarded from the start (migration 0019: password, calibration, run mode, reboot, emergency stop,
 * the first QC actions), asked a code for until the dynamic-code settings are read (or when they cannot be).
 * The server decides in the end: when it asks for a code for another command, the screens ask then.
 */
export const DEFAULT_GUARDED_COMMANDS: readonly string[] = [
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

/** The list changes rarely (Settings › dynamic code, which updates this cache itself); a minute spares a call per visit. */
const GUARDED_STALE_MS = 60_000;

/** The commands that need a dynamic code, under the declared key ['dynamicCode', 'guarded']. Quiet: a failure only leaves the defaults. */
export const guardedCommandsQueryOptions = () =>
  queryOptions({
    queryKey: dynamicCodeEndpoints.guarded.key,
    queryFn: () => callEndpoint(dynamicCodeEndpoints.guarded, {}, { quiet: true }),
    staleTime: GUARDED_STALE_MS,
  });

/** The commands to ask a code for before sending: the server's list when read, else the defaults. */
export const guardedSet = (cns: readonly string[] | undefined): ReadonlySet<string> =>
  new Set(cns ?? DEFAULT_GUARDED_COMMANDS);

/**
 * The commands the screens ask a dynamic code for before sending. `enabled` false for those who may not send
 * (the call is theirs only): the defaults then.
 */
export function useGuardedCommands(enabled = true): ReadonlySet<string> {
  const cns = useQuery({ ...guardedCommandsQueryOptions(), enabled }).data?.cns;
  return useMemo(() => guardedSet(cns), [cns]);
}
