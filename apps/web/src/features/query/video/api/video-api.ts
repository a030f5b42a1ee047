import type { Camera, VideoQuery } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const VIDEO_URL = '/data/video/rest/getAll';

/** The enabled cameras the caller may watch: of one device, or of every device of the header's project. */
export const videoCamerasQueryOptions = (query: VideoQuery) =>
  queryOptions({
    queryKey: ['video', 'cameras', query] as const,
    queryFn: () => api.get<Camera[]>(VIDEO_URL, { ...query }),
  });
