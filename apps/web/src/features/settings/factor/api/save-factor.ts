import type { Factor, FactorInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { factorKeys, REPORT_KEY_ROOT } from './keys';
import { FACTOR_URLS } from './urls';

export interface SaveFactorVariables {
  body: FactorInput;
  /** Editing names the factor by the code in the body; adding creates it. */
  mode: 'create' | 'update';
}

/** Add or update; the api client shows the server's word (e.g. a code already taken). */
export function useSaveFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, mode }: SaveFactorVariables) =>
      api.post<Factor>(mode === 'create' ? FACTOR_URLS.add : FACTOR_URLS.update, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: factorKeys.all }),
        client.invalidateQueries({ queryKey: REPORT_KEY_ROOT }),
      ]),
  });
}
