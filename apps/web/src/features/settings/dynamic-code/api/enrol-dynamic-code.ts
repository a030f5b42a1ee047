import { type DynamicCodeEnrolInput, dynamicCodeEndpoints } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { dynamicCodeKeys } from './keys';

/**
 * Starts or renews the caller's enrolment. The answer (the secret) stays in the screen's state only, never in
 * the query cache. Silent: the screen shows the QR code instead of the generic success toast.
 */
export function useEnrolDynamicCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DynamicCodeEnrolInput) => callEndpoint(dynamicCodeEndpoints.enrol, { body }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: dynamicCodeKeys.status }),
  });
}
