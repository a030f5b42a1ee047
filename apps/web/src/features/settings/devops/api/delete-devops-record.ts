import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { devopsKeys } from './keys';
import { DEVOPS_URLS } from './urls';

/** Deletes a record with its attachments. */
export function useDeleteDevopsRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<null>(DEVOPS_URLS.remove, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: devopsKeys.all }),
  });
}
