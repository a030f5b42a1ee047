import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { thresholdKeys } from './keys';
import { THRESHOLD_URLS } from './urls';

export function useDeleteThreshold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<null>(THRESHOLD_URLS.remove, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: thresholdKeys.thresholds }),
  });
}
