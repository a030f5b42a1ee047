import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { iotCardKeys } from './keys';
import { IOT_CARD_URLS } from './urls';

export function useDeleteIotCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<null>(IOT_CARD_URLS.remove, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: iotCardKeys.all }),
  });
}
