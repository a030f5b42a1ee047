import { cameraEndpoints, type CameraPolicy } from '@envmon/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useListWrite } from '../../../../components/crud/api/list-mutations';
import { callEndpoint } from '../../../../lib/endpoint';

/** The video query's cameras: a camera write refreshes them too, after the list. */
export const VIDEO_QUERY_KEYS: readonly QueryKey[] = [['video']];

/** The policy refreshes the list and the video query's cameras, as the list's own writes do. */
export const useSetCameraPolicy = () =>
  useListWrite({ keyRoot: cameraEndpoints.list.key, alsoInvalidate: VIDEO_QUERY_KEYS }, (policy: CameraPolicy) =>
    callEndpoint(cameraEndpoints.policySet, { body: policy }),
  );
