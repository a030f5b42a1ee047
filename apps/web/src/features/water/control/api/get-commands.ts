import { counterControlEndpoints, type Page, type StationCommand } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { isInFlight } from '../utils/command-answer';
import { isLogRead } from '../utils/log-lines';
import { LOG_CN } from '../utils/panel-actions';
import { waterControlKeys } from './keys';

/** While a command is queued or sent, its record is read again this often, so its answer shows by itself. */
export const IN_FLIGHT_REFETCH_MS = 2_000;
/** The information reads looked through for the latest log reads (other screens read states and parameters). */
export const LOG_READS_PAGE_SIZE = 20;

const newest = (page: Page<StationCommand> | undefined): StationCommand | undefined => page?.list[0];

/**
 * The latest command of `cn` to the station, or null when none was ever sent. Quiet: each action shows its
 * own failure.
 */
export const latestCommandQueryOptions = (deviceId: number, cn: string) =>
  queryOptions({
    queryKey: waterControlKeys.latest(deviceId, cn),
    queryFn: () =>
      callEndpoint(counterControlEndpoints.get, { query: { deviceId, cn, pageNum: 1, pageSize: 1 } }, { quiet: true }),
    select: (page) => newest(page) ?? null,
    refetchInterval: (query) => (isInFlight(newest(query.state.data)?.state) ? IN_FLIGHT_REFETCH_MS : false),
  });

export interface LogReads {
  /** The latest log read, whatever its state: the one the button's state shows. */
  latest: StationCommand | null;
  /** The latest one executed: the lines shown. */
  executed: StationCommand | null;
}

export const logReadsOf = (page: Page<StationCommand>): LogReads => {
  const reads = page.list.filter(isLogRead);
  return { latest: reads[0] ?? null, executed: reads.find((c) => c.state === 'executed') ?? null };
};

/** The station's latest log reads (3020 with InfoId i11001), read again while the newest is on its way. */
export const logReadsQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: waterControlKeys.logReads(deviceId),
    queryFn: () =>
      callEndpoint(
        counterControlEndpoints.get,
        { query: { deviceId, cn: LOG_CN, pageNum: 1, pageSize: LOG_READS_PAGE_SIZE } },
        { quiet: true },
      ),
    select: logReadsOf,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isInFlight(logReadsOf(data).latest?.state) ? IN_FLIGHT_REFETCH_MS : false;
    },
  });

/** A settled command's exchange and answer uploads: it no longer changes. */
export const exchangeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: waterControlKeys.exchange(id),
    queryFn: () => callEndpoint(counterControlEndpoints.uploadList, { query: { id } }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
