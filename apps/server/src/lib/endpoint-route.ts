import type { Endpoint } from '@envmon/shared';
import type { z } from 'zod';
import { envelopeResponses } from './envelope.js';

/** What the OpenAPI document says of a route beside its contract. */
export interface RouteDoc {
  tags: string[];
  summary: string;
}

type Present<Name extends string, S> = S extends z.ZodType ? { [K in Name]: S } : unknown;

/** The route's schema: its documentation, the declared request schemas and the envelope around the response. */
export type EndpointRouteSchema<E extends Endpoint> = RouteDoc & {
  response: ReturnType<typeof envelopeResponses<E['response']>>;
} & Present<'querystring', E['query']> &
  Present<'body', E['body']> &
  Present<'params', E['params']>;

/**
 * A route's method, url and schema from its shared declaration (STYLE.md rule 16), for
 * `app.route({ ...endpointRoute(endpoint, doc), config, handler })`: the route keeps its
 * permission, summary and handler; the path and the schemas come from packages/shared.
 */
export function endpointRoute<E extends Endpoint>(
  endpoint: E,
  doc: RouteDoc,
): { method: E['method']; url: string; schema: EndpointRouteSchema<E> } {
  const schema: Record<string, unknown> = { ...doc };
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.params) schema.params = endpoint.params;
  schema.response = envelopeResponses(endpoint.response);
  return { method: endpoint.method, url: endpoint.path, schema: schema as EndpointRouteSchema<E> };
}
