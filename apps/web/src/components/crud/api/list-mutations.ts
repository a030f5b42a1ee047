import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ListEndpoints, ListRow } from '../list-definition';

export interface ListSaveVariables {
  /** The parsed input schema's output. */
  body: unknown;
  /** The row being edited; absent to add one. */
  id?: number;
}

/** The list's reads, then any other caches showing its rows, in that order. */
export async function invalidateList(client: QueryClient, endpoints: ListEndpoints): Promise<void> {
  await client.invalidateQueries({ queryKey: endpoints.keyRoot });
  for (const queryKey of endpoints.alsoInvalidate ?? []) await client.invalidateQueries({ queryKey });
}

/** Add (no id) or update; the api client shows the server's word. Every read of the list is refreshed. */
export function useListSave<Row extends ListRow>(endpoints: ListEndpoints) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: ListSaveVariables) =>
      id === undefined
        ? api.post<Row>(endpoints.add, body)
        : api.post<Row>(endpoints.update, { ...(body as object), id }),
    onSuccess: () => invalidateList(client, endpoints),
  });
}

export function useListDelete(endpoints: ListEndpoints) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<null>(endpoints.remove, { id }),
    onSuccess: () => invalidateList(client, endpoints),
  });
}
