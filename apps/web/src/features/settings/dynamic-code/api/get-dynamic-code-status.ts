import { dynamicCodeEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { dynamicCodeKeys } from './keys';

/** The caller's enrolment (never its secret). */
export const dynamicCodeStatusQueryOptions = () =>
  queryOptions({
    queryKey: dynamicCodeKeys.status,
    queryFn: () => callEndpoint(dynamicCodeEndpoints.status, {}),
  });
