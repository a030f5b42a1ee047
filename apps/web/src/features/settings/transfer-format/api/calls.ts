import {
  type TransferFormatDelete,
  transferFormatEndpoints,
  type UpstreamDeviceListQuery,
  type UpstreamDevicesUpdate,
} from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listEndpoints } from '../../../../components/crud/list-endpoints';
import { useListWrite } from '../../../../components/crud/api/list-mutations';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/**
 * The upstream list's calls as the declarative CRUD knows them: adding and editing are both `update` (the server
 * tells them apart by `id`), deleting is `delete ?id`. Every read sits under ['transferformat'], the devices'
 * included, so any write refreshes the device counts and the devices' lists alike.
 */
export const TRANSFER_FORMAT_ENDPOINTS = listEndpoints({
  list: transferFormatEndpoints.get,
  add: transferFormatEndpoints.update,
  update: transferFormatEndpoints.update,
  remove: transferFormatEndpoints.remove,
});

/** The forwarding status moves by itself (sent, acknowledged, lag): an open list is read again this often. */
export const STATUS_REFETCH_MS = 5_000;

/** A page of one upstream's devices in the caller's scope, with their settings and forwarding status. */
export const upstreamDevicesQueryOptions = (query: UpstreamDeviceListQuery) =>
  queryOptions({
    queryKey: endpointKey(transferFormatEndpoints.getList, query),
    queryFn: () => callEndpoint(transferFormatEndpoints.getList, { query: { ...query } }),
    placeholderData: keepPreviousData,
    refetchInterval: STATUS_REFETCH_MS,
  });

/** Sets the settings of one or many devices of an upstream (`updates`). */
export const useSaveUpstreamDevices = () =>
  useListWrite(TRANSFER_FORMAT_ENDPOINTS, (body: UpstreamDevicesUpdate) =>
    callEndpoint(transferFormatEndpoints.updates, { body }),
  );

/** Stops forwarding one device to an upstream (its queue goes with it). */
export const useRemoveUpstreamDevice = () =>
  useListWrite(TRANSFER_FORMAT_ENDPOINTS, (query: Required<TransferFormatDelete>) =>
    callEndpoint(transferFormatEndpoints.remove, { query }),
  );
