import type { WxAlarmSettings, WxAlarmSettingsInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { wxAlarmKeys } from './keys';
import { WX_ALARM_URLS } from './urls';

/** Saves; the api client shows the server's word (e.g. a missing or wrong dynamic code). */
export function useSaveWxAlarmSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WxAlarmSettingsInput) => api.post<WxAlarmSettings>(WX_ALARM_URLS.update, body),
    onSuccess: (saved) => client.setQueryData(wxAlarmKeys.settings, saved),
  });
}
