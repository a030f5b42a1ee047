import type { ReissueInput, ReissueMode, ReissueTask } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { reissueKeys } from './keys';
import { REISSUE_URLS } from './urls';

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
      api.post<ReissueTask[]>(REISSUE_URLS[mode], body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: reissueKeys.all }),
  });
}
