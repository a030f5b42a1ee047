import type { Device, Factor, HistoryChart, HistoryFilter, HistoryTable, Page } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { exportThroughLink } from '../../../../lib/export-link';
import { DEVICE_LIST_URL, projectDevicesQueryOptions } from '../../../../lib/device-list';

/** The history screen's calls: its own (data service) and the device and factor lists it picks from. */
export const HISTORY_URLS = {
  table: '/data/history/rest/get',
  chart: '/data/history/rest/chart',
  export: '/data/history/rest/export',
  devices: DEVICE_LIST_URL,
  factors: '/manager/settings/factor/device/rest/getFactorListByDeviceCodes',
} as const;

/** Query keys (STYLE.md rule 7): the screen's own start with 'history'. */
export const historyKeys = {
  all: ['history'] as const,
  table: (filter: HistoryFilter, pageNum: number, pageSize: number) =>
    [...historyKeys.all, 'table', filter, pageNum, pageSize] as const,
  chart: (filter: HistoryFilter) => [...historyKeys.all, 'chart', filter] as const,
  factors: (deviceCodes: readonly string[]) => [...historyKeys.all, 'factors', deviceCodes] as const,
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
    queryFn: () => api.get<Factor[]>(HISTORY_URLS.factors, { deviceCodes: deviceCodes.join(',') }),
    enabled: deviceCodes.length > 0,
    staleTime: OPTIONS_STALE_MS,
  });

export const historyTableQueryOptions = (filter: HistoryFilter, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: historyKeys.table(filter, pageNum, pageSize),
    queryFn: () => api.get<HistoryTable>(HISTORY_URLS.table, { ...filter, pageNum, pageSize }),
    placeholderData: keepPreviousData,
  });

export const historyChartQueryOptions = (filter: HistoryFilter) =>
  queryOptions({
    queryKey: historyKeys.chart(filter),
    queryFn: () => api.get<HistoryChart>(HISTORY_URLS.chart, { ...filter }),
  });

export function exportHistory(filter: HistoryFilter): Promise<void> {
  return exportThroughLink(HISTORY_URLS.export, { ...filter });
}
