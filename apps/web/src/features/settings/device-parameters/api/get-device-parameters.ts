import { type DeviceParameter, deviceParameterEndpoints, type StationCommand } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { ACTIVE_REFETCH_MS, isActive } from '../../../station-control';
import { deviceParameterKeys } from './keys';

/** How long the answers to 'read all' are awaited at most (a station not connected: read again by hand later). */
export const READ_FOLLOW_MS = 2 * 60_000;

/** The reads 'read all' queued, awaited until each has answered or `until`. */
export interface FollowedReads {
  ids: readonly number[];
  until: number;
}

/** What to await after 'read all' queued `commands` at `now`. */
export function followReads(commands: readonly StationCommand[], now: number): FollowedReads | null {
  if (commands.length === 0) return null;
  const expires = Math.max(...commands.map((c) => c.expireTime));
  return { ids: commands.map((c) => c.id), until: Math.min(expires, now + READ_FOLLOW_MS) };
}

/** Whether every read has ended on some parameter (the last command that read it, and it is over). */
export function readsAnswered(reads: FollowedReads, rows: readonly DeviceParameter[] | undefined): boolean {
  const ended = new Set(
    (rows ?? []).filter((row) => row.commandState !== null && !isActive(row.commandState)).map((row) => row.commandId),
  );
  return reads.ids.every((id) => ended.has(id));
}

/** Whether some read is still awaited: not yet answered, and not past its time. */
export function readsPending(
  reads: FollowedReads | null,
  rows: readonly DeviceParameter[] | undefined,
  now: number,
): boolean {
  return reads !== null && now < reads.until && !readsAnswered(reads, rows);
}

/**
 * Whether the table is to be read again (every ACTIVE_REFETCH_MS): a row's command is on its way, or the station's
 * answers to 'read all' are awaited.
 */
export function refetchIntervalOf(
  rows: readonly DeviceParameter[] | undefined,
  reads: FollowedReads | null,
  now: number,
): number | false {
  const active = rows?.some((row) => isActive(row.commandState)) ?? false;
  return active || readsPending(reads, rows, now) ? ACTIVE_REFETCH_MS : false;
}

/** A device's parameters, by name and factor, read again while a command about them is on its way. */
export const deviceParametersQueryOptions = (deviceId: number, reads: FollowedReads | null = null) =>
  queryOptions({
    queryKey: deviceParameterKeys.device(deviceId),
    queryFn: () => callEndpoint(deviceParameterEndpoints.get, { query: { deviceId } }),
    refetchInterval: (current) => refetchIntervalOf(current.state.data, reads, Date.now()),
  });
