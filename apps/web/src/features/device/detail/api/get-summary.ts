import { deviceDetailEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceDetailKeys } from './keys';

export const deviceSummaryQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: deviceDetailKeys.summary(deviceId),
    queryFn: () => callEndpoint(deviceDetailEndpoints.getSummary, { query: { deviceId } }),
  });
