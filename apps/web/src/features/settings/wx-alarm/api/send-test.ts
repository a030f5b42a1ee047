import type { WxAlarmReply } from '@envmon/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { WX_ALARM_URLS } from './urls';

/** A test message through the saved webhook; resolves with the webhook's answer. */
export function useSendWxAlarmTest() {
  return useMutation({
    mutationFn: () => api.post<WxAlarmReply>(WX_ALARM_URLS.send),
  });
}
