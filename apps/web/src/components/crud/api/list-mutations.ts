import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type EndpointInput } from '../../../lib/endpoint';
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

/** The arguments of a write the list knows only as some POST or GET; its declared schema checks them on the server. */
type Sent<E extends ListEndpoints['add' | 'update' | 'remove']> = EndpointInput<E>;

/** Add (no key) or update; the api client shows the server's word. Every read of the list is refreshed. */
export function useListSave<Row extends ListRow>(endpoints: ListEndpoints) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: ListSaveVariables) =>
      (key === undefined
        ? callEndpoint(endpoints.add, { body } as Sent<typeof endpoints.add>)
        : callEndpoint(endpoints.update, { body: { ...(body as object), ...key } } as Sent<
            typeof endpoints.update
          >)) as Promise<Row>,
    onSuccess: () => invalidateList(client, endpoints),
  });
}

/**
 * Deletes by `GET ?<rowKey>=<value>`, by a POST of what the endpoints' `removeBody` makes of the value, or by
 * `DELETE …/:id` with the value as the path's id.
 */
export function useListDelete(endpoints: ListEndpoints, rowKey: string) {
  const client = useQueryClient();
  const { remove, removeBody } = endpoints;
  return useMutation({
    mutationFn: (value: string | number) => {
      switch (remove.method) {
        case 'POST':
          return callEndpoint(remove, { body: removeBody ? removeBody(value) : { [rowKey]: value } } as Sent<
            typeof remove
          >);
        case 'DELETE':
          return callEndpoint(remove, { params: { id: value } } as Sent<typeof remove>);
        case 'GET':
          return callEndpoint(remove, { query: { [rowKey]: value } } as Sent<typeof remove>);
      }
    },
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
