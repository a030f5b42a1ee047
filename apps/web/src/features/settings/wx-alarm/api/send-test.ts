import { wxAlarmEndpoints } from '@envmon/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';

/** A test message through the saved webhook; resolves with the webhook's answer. */
export function useSendWxAlarmTest() {
  return useMutation({
    mutationFn: () => callEndpoint(wxAlarmEndpoints.send, {}),
  });
}
