import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ListEndpoints, ListRow } from '../list-definition';

export interface ListSaveVariables {
  /** The parsed input schema's output. */
  body: unknown;
  /** The row being edited; absent to add one. */
  id?: number;
}

/** Add (no id) or update; the api client shows the server's word. Every read of the list is refreshed. */
export function useListSave<Row extends ListRow>(endpoints: ListEndpoints) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: ListSaveVariables) =>
      id === undefined
        ? api.post<Row>(endpoints.add, body)
        : api.post<Row>(endpoints.update, { ...(body as object), id }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpoints.keyRoot }),
  });
}

export function useListDelete(endpoints: ListEndpoints) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<null>(endpoints.remove, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpoints.keyRoot }),
  });
}
