import { deviceDetailEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { LATEST_REFRESH_MS } from '../components/constants';
import { deviceDetailKeys } from './keys';

/**
 * The device's latest value per factor. Polled until the live push (issue 5) patches this key;
 * a failed poll stays quiet (the tab shows it) instead of toasting every 10 s.
 */
export const deviceLatestQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: deviceDetailKeys.latest(deviceId),
    queryFn: () => callEndpoint(deviceDetailEndpoints.getLatest, { query: { deviceId } }, { quiet: true }),
    refetchInterval: LATEST_REFRESH_MS,
  });
