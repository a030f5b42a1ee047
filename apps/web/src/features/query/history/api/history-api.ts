import {
  type Device,
  deviceFactorEndpoints,
  type EndpointQuery,
  HISTORY_KEY,
  type HistoryFilter,
  type Page,
  queryEndpoints,
} from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, type EndpointInput, endpointKey } from '../../../../lib/endpoint';
import { exportThroughLink } from '../../../../lib/export-link';
import { DEVICE_LIST_URL, projectDevicesQueryOptions } from '../../../../lib/device-list';

const calls = queryEndpoints.history;
/** The factors of the chosen devices, each once. */
const factorsCall = deviceFactorEndpoints.getFactorListByDeviceCodes;

/** The history screen's calls: its own (shared declarations) and the device and factor lists it picks from. */
export const HISTORY_URLS = {
  table: calls.table.path,
  chart: calls.chart.path,
  export: calls.export.path,
  devices: DEVICE_LIST_URL,
  factors: factorsCall.path,
} as const;

/** Query keys (STYLE.md rules 7 and 16): the screen's own start with HISTORY_KEY ('history'). */
export const historyKeys = {
  all: HISTORY_KEY,
  table: (filter: HistoryFilter, pageNum: number, pageSize: number) =>
    endpointKey(calls.table, filter, pageNum, pageSize),
  chart: (filter: HistoryFilter) => endpointKey(calls.chart, filter),
  factors: (deviceCodes: readonly string[]) => endpointKey(factorsCall, deviceCodes),
};

/** Lists change rarely; a minute spares a call per tab switch. */
const OPTIONS_STALE_MS = 60_000;

export interface HistoryDeviceOption {
  id: number;
  deviceName: string;
  deviceCode: string;
  /** The station's zone: the chart's times are on its clock. */
  utcOffsetMinutes: number;
}

const toHistoryDevices = (page: Page<Device>): HistoryDeviceOption[] =>
  page.list.map((d) => ({
    id: d.id,
    deviceName: d.deviceName,
    deviceCode: d.deviceCode,
    utcOffsetMinutes: d.utcOffsetMinutes,
  }));

/** The devices of the project chosen in the header, as the caller sees them (the selects' shared list). */
export const historyDevicesQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    ...projectDevicesQueryOptions(projectId),
    select: toHistoryDevices,
  });

/** The factors the chosen devices measure, each once. */
export const historyFactorsQueryOptions = (deviceCodes: readonly string[]) =>
  queryOptions({
    queryKey: historyKeys.factors(deviceCodes),
    // The codes travel comma-joined; the declared schema parses them back into a list.
    queryFn: () =>
      callEndpoint(factorsCall, { query: { deviceCodes: deviceCodes.join(',') } } as unknown as EndpointInput<
        typeof factorsCall
      >),
    enabled: deviceCodes.length > 0,
    staleTime: OPTIONS_STALE_MS,
  });

export const historyTableQueryOptions = (filter: HistoryFilter, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: historyKeys.table(filter, pageNum, pageSize),
    queryFn: () => callEndpoint(calls.table, { query: { ...filter, pageNum, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const historyChartQueryOptions = (filter: HistoryFilter) =>
  queryOptions({
    queryKey: historyKeys.chart(filter),
    // maxPoints is left to the server's default, as before.
    queryFn: () => callEndpoint(calls.chart, { query: { ...filter } as EndpointQuery<typeof calls.chart> }),
  });

export function exportHistory(filter: HistoryFilter): Promise<void> {
  return exportThroughLink(calls.export.path, { ...filter });
}
