import { dynamicCodeEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { dynamicCodeKeys } from './keys';

/** The commands that need a dynamic code. */
export const guardedCommandsQueryOptions = () =>
  queryOptions({
    queryKey: dynamicCodeKeys.guarded,
    queryFn: () => callEndpoint(dynamicCodeEndpoints.guarded, {}),
  });
