import type { WxAlarmDynamicCode, WxAlarmDynamicCodeInput } from '@envmon/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { WX_ALARM_URLS } from './urls';

/** Sends a dynamic code through the given webhook (its group reads it; the form needs it to save a new URL). */
export function useWxAlarmDynamicCode() {
  return useMutation({
    mutationFn: (body: WxAlarmDynamicCodeInput) => api.post<WxAlarmDynamicCode>(WX_ALARM_URLS.dynamicCode, body),
  });
}
