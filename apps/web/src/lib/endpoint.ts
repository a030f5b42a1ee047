import type { Endpoint, EndpointBody, EndpointData, EndpointParams, EndpointQuery, QueryKeyRoot } from '@envmon/shared';
import { api, type ApiClient, type QueryParams, type RequestOptions } from './api';

/**
 * The console's side of a shared endpoint declaration (STYLE.md rule 16): the call's url and
 * its query key come from packages/shared, never restated here.
 */

/** The declaration's path with its `:name` parameters filled in. */
export function endpointUrl(endpoint: Pick<Endpoint, 'path'>, params?: Record<string, string | number>): string {
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A read's query key: the declared root, then what tells one cached answer from another. */
export function endpointKey<const K extends QueryKeyRoot, const Parts extends readonly unknown[]>(
  endpoint: { readonly key: K },
  ...parts: Parts
): readonly [...K, ...Parts] {
  const root: K = endpoint.key;
  return [...root, ...parts];
}

type Part<Name extends string, T> = [T] extends [undefined] ? { [P in Name]?: undefined } : { [P in Name]: T };

/** What a call sends: the query, body and path parameters its declaration names, typed by their schemas. */
export type EndpointInput<E extends Endpoint> = Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>> &
  Part<'params', EndpointParams<E>>;

type Client = Pick<ApiClient, 'get' | 'post' | 'put' | 'delete'>;

/**
 * Calls an endpoint through the api client (envelope unwrapped, toasts as for any call), passing only
 * the arguments a hand-written call would: nothing for what the declaration and the caller leave out.
 * `client` is for tests; screens use the console's one.
 */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options?: Omit<RequestOptions, 'params'>,
  client: Client = api,
): Promise<EndpointData<E>> {
  return callRoute<E>(endpoint, input, options, client);
}

/**
 * `callEndpoint` from a declaration's method and path alone (PUBLIC_ROUTES of packages/shared), typed by the
 * endpoint it names: the pages before sign-in call these, so that their code imports no schema.
 */
export function callRoute<E extends Endpoint>(
  route: Pick<E, 'method' | 'path'>,
  input: EndpointInput<E>,
  options?: Omit<RequestOptions, 'params'>,
  client: Client = api,
): Promise<EndpointData<E>> {
  type Data = EndpointData<E>;
  const sent = input as { query?: QueryParams; body?: unknown; params?: Record<string, string | number> };
  const url = endpointUrl(route, sent.params);
  const { query, body } = sent;
  switch (route.method) {
    case 'GET':
    case 'DELETE': {
      const read = route.method === 'GET' ? client.get : client.delete;
      if (options !== undefined) return read<Data>(url, query, options);
      return query === undefined ? read<Data>(url) : read<Data>(url, query);
    }
    case 'POST':
    case 'PUT': {
      const send = route.method === 'POST' ? client.post : client.put;
      const sendOptions = query === undefined ? options : { ...options, params: query };
      if (sendOptions !== undefined) return send<Data>(url, body, sendOptions);
      return body === undefined ? send<Data>(url) : send<Data>(url, body);
    }
  }
}
