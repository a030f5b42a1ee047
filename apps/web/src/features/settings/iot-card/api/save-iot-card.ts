import type { IotCard, IotCardInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { iotCardKeys } from './keys';
import { IOT_CARD_URLS } from './urls';

export interface SaveIotCardVariables {
  body: IotCardInput;
  /** The card being edited; absent to add one. */
  id?: number;
}

/** Add or update; the api client shows the server's word (a card number taken, a device holding a card). */
export function useSaveIotCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: SaveIotCardVariables) =>
      id === undefined
        ? api.post<IotCard>(IOT_CARD_URLS.add, body)
        : api.post<IotCard>(IOT_CARD_URLS.update, { ...body, id }),
    onSuccess: () => client.invalidateQueries({ queryKey: iotCardKeys.all }),
  });
}
