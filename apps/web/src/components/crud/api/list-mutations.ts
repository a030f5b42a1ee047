import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ListEndpoints, ListRow } from '../list-definition';

/** What a write refreshes: the list's key root and any other caches showing its rows. */
export type ListReads = Pick<ListEndpoints, 'keyRoot' | 'alsoInvalidate'>;

/** The list's reads, then any other caches showing its rows, in that order. */
export async function invalidateList(client: QueryClient, endpoints: ListReads): Promise<void> {
  await client.invalidateQueries({ queryKey: endpoints.keyRoot });
  for (const queryKey of endpoints.alsoInvalidate ?? []) await client.invalidateQueries({ queryKey });
}

export interface ListSaveVariables {
  /** The parsed input schema's output. */
  body: unknown;
  /** The edited row's key (`{ id }`, or the field the definition names rows by); absent to add a row. */
  key?: Record<string, string | number>;
}

/** Add (no key) or update; the api client shows the server's word. Every read of the list is refreshed. */
export function useListSave<Row extends ListRow>(endpoints: ListEndpoints) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: ListSaveVariables) =>
      key === undefined
        ? api.post<Row>(endpoints.add, body)
        : api.post<Row>(endpoints.update, { ...(body as object), ...key }),
    onSuccess: () => invalidateList(client, endpoints),
  });
}

/** Deletes by `GET ?<rowKey>=<value>`. */
export function useListDelete(endpoints: ListEndpoints, rowKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: string | number) => api.get<null>(endpoints.remove, { [rowKey]: value }),
    onSuccess: () => invalidateList(client, endpoints),
  });
}

/**
 * A write of a list's beside its add, update and delete (a file, a policy, a per-device setting): the
 * list's reads are refreshed as after those.
 */
export function useListWrite<Variables, Data>(reads: ListReads, call: (variables: Variables) => Promise<Data>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => invalidateList(client, reads) });
}
