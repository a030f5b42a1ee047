import {
  type Camera,
  type CameraInput,
  type CameraListQuery,
  type CameraPolicy,
  type Page,
  writeCode,
} from '@envmon/shared';
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

/** Adding, editing, the policy and deleting need the page's write code. */
export const VIDEO_SETTINGS_WRITE = writeCode('settings.video-ys');

export const cameraKeys = { all: ['cameras'] as const };

export const cameraPageQueryOptions = (query: Partial<CameraListQuery>) =>
  queryOptions({
    queryKey: [...cameraKeys.all, 'page', query] as const,
    queryFn: () => api.get<Page<Camera>>(CAMERA_URLS.list, { ...query }),
    placeholderData: keepPreviousData,
  });

/** Every change refreshes the list (and the video query's cameras). */
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

export const useSaveCamera = () =>
  useCameraMutation(({ body, id }: { body: CameraInput; id?: number }) =>
    id === undefined ? api.post<Camera>(CAMERA_URLS.add, body) : api.post<Camera>(CAMERA_URLS.update, { ...body, id }),
  );

export const useSetCameraPolicy = () =>
  useCameraMutation((policy: CameraPolicy) => api.post<Camera>(CAMERA_URLS.policySet, policy));

export const useDeleteCamera = () => useCameraMutation((id: number) => api.get<null>(CAMERA_URLS.remove, { id }));
