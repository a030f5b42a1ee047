import type { WxAlarmSettings } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { wxAlarmKeys } from './keys';
import { WX_ALARM_URLS } from './urls';

export const wxAlarmSettingsQueryOptions = () =>
  queryOptions({
    queryKey: wxAlarmKeys.settings,
    queryFn: () => api.get<WxAlarmSettings>(WX_ALARM_URLS.get),
  });
