import { type EndpointBody, wxAlarmEndpoints, type WxAlarmSettingsInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** The saved body: the form's input as it is; the server's parse fills in what it leaves out. */
type SavedBody = EndpointBody<typeof wxAlarmEndpoints.update>;

/** Saves; the api client shows the server's word (e.g. a missing or wrong dynamic code). */
export function useSaveWxAlarmSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WxAlarmSettingsInput) => callEndpoint(wxAlarmEndpoints.update, { body: body as SavedBody }),
    onSuccess: (saved) => client.setQueryData(endpointKey(wxAlarmEndpoints.get), saved),
  });
}
