import { wxAlarmEndpoints, type WxAlarmDynamicCodeInput } from '@envmon/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';

/** Sends a dynamic code through the given webhook (its group reads it; the form needs it to save a new URL). */
export function useWxAlarmDynamicCode() {
  return useMutation({
    mutationFn: (body: WxAlarmDynamicCodeInput) => callEndpoint(wxAlarmEndpoints.dynamicCode, { body }),
  });
}
