import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { factorKeys } from './keys';
import { FACTOR_URLS } from './urls';

/** The server refuses built-in factors and factors a device still uses; the api client shows why. */
export function useDeleteFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (factorCode: string) => api.get<null>(FACTOR_URLS.remove, { factorCode }),
    onSuccess: () => client.invalidateQueries({ queryKey: factorKeys.all }),
  });
}
