import type { DevopsRecord, DevopsRecordInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { devopsKeys } from './keys';
import { DEVOPS_URLS } from './urls';

/** Add (no id) or update a record; the api client shows the server's word. */
export function useSaveDevopsRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: DevopsRecordInput; id?: number }) =>
      id === undefined
        ? api.post<DevopsRecord>(DEVOPS_URLS.add, body)
        : api.post<DevopsRecord>(DEVOPS_URLS.update, { ...body, id }),
    onSuccess: () => client.invalidateQueries({ queryKey: devopsKeys.all }),
  });
}
