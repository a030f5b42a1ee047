import { cameraEndpoints, type CameraListQuery, type CameraPolicy } from '@envmon/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** The page's filters: a page number and size, then any of the list's filters. */
export type CameraPageQuery = Partial<CameraListQuery> & Pick<CameraListQuery, 'pageNum' | 'pageSize'>;

/** A page's query key, under the list's declared root (which every write invalidates). */
export const cameraPageKey = (query: CameraPageQuery) => endpointKey(cameraEndpoints.list, 'page', query);

export const cameraPageQueryOptions = (query: CameraPageQuery) =>
  queryOptions({
    queryKey: cameraPageKey(query),
    queryFn: () => callEndpoint(cameraEndpoints.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** The policy refreshes the list and the video query's cameras, as the list's own writes do (video-list.tsx). */
function useCameraMutation<V>(call: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: cameraEndpoints.list.key });
      await client.invalidateQueries({ queryKey: ['video'] });
    },
  });
}

export const useSetCameraPolicy = () =>
  useCameraMutation((policy: CameraPolicy) => callEndpoint(cameraEndpoints.policySet, { body: policy }));
