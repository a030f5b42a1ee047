import { wxAlarmEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

export const wxAlarmSettingsQueryOptions = () =>
  queryOptions({
    queryKey: endpointKey(wxAlarmEndpoints.get),
    queryFn: () => callEndpoint(wxAlarmEndpoints.get, {}),
  });
