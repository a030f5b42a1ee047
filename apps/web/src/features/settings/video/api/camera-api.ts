import type { Camera, CameraListQuery, CameraPolicy, Page } from '@envmon/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** Settings 'video ys' (SPEC section 7 'ys': list, get, policySet; add, update, delete manage the cameras). */
export const CAMERA_URLS = {
  list: '/manager/settings/ys/rest/list',
  add: '/manager/settings/ys/rest/add',
  update: '/manager/settings/ys/rest/update',
  policySet: '/manager/settings/ys/rest/policySet',
  remove: '/manager/settings/ys/rest/delete',
} as const;

export const cameraKeys = {
  all: ['cameras'] as const,
  page: (query: Partial<CameraListQuery>) => [...cameraKeys.all, 'page', query] as const,
};

export const cameraPageQueryOptions = (query: Partial<CameraListQuery>) =>
  queryOptions({
    queryKey: cameraKeys.page(query),
    queryFn: () => api.get<Page<Camera>>(CAMERA_URLS.list, { ...query }),
    placeholderData: keepPreviousData,
  });

/** The policy refreshes the list and the video query's cameras, as the list's own writes do (video-list.tsx). */
function useCameraMutation<V>(call: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: cameraKeys.all });
      await client.invalidateQueries({ queryKey: ['video'] });
    },
  });
}

export const useSetCameraPolicy = () =>
  useCameraMutation((policy: CameraPolicy) => api.post<Camera>(CAMERA_URLS.policySet, policy));
