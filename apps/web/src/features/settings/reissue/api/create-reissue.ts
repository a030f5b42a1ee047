import { type ReissueInput, type ReissueMode, reissueEndpoints } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { reissueKeys } from './keys';

export interface CreateReissueVariables {
  mode: ReissueMode;
  body: ReissueInput;
}

/**
 * add (the whole range) or repair (the missing periods only): one task per device. Silent: the screen
 * says how many tasks were made instead of the generic success toast.
 */
export function useCreateReissue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, body }: CreateReissueVariables) =>
      callEndpoint(reissueEndpoints[mode], { body }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: reissueKeys.all }),
  });
}
