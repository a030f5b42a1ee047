import { counterControlEndpoints, type Page, type StationCommand } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { ACTIVE_REFETCH_MS, exchangeQueryOptions, isActive } from '../../../station-control';
import { isLogRead } from '../utils/log-lines';
import { LOG_CN } from '../utils/panel-actions';
import { waterControlKeys } from './keys';

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
    refetchInterval: (query) => (isActive(newest(query.state.data)?.state) ? ACTIVE_REFETCH_MS : false),
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
      return data && isActive(logReadsOf(data).latest?.state) ? ACTIVE_REFETCH_MS : false;
    },
  });

/** A settled command's exchange and answer uploads: it no longer changes. Quiet: the panel says the failure. */
export const settledExchangeQueryOptions = (id: number) =>
  queryOptions({ ...exchangeQueryOptions(id, { quiet: true }), staleTime: Number.POSITIVE_INFINITY });
