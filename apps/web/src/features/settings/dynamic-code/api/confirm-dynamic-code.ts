import { type DynamicCodeConfirmInput, dynamicCodeEndpoints } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { dynamicCodeKeys } from './keys';

/** Confirms the caller's enrolment with a first code; silent, the screen says it in its own words. */
export function useConfirmDynamicCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DynamicCodeConfirmInput) =>
      callEndpoint(dynamicCodeEndpoints.confirm, { body }, { silent: true }),
    onSuccess: (status) => client.setQueryData(dynamicCodeKeys.status, status),
    // A wrong code may have locked the codes: the status says so.
    onError: () => client.invalidateQueries({ queryKey: dynamicCodeKeys.status }),
  });
}
