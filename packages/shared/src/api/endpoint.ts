import type { z } from 'zod';

/**
 * One endpoint, one contract (STYLE.md rule 16): a call's method, path, request schemas, response
 * schema and query-key root are declared once here; the server registers its route from the
 * declaration (apps/server/src/lib/endpoint-route.ts) and the console builds its call and its
 * `queryOptions` key from it (apps/web/src/lib/endpoint.ts), so neither can drift from the other.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A query key's fixed head: the domain's root first, so invalidating the root reaches every key under it. */
export type QueryKeyRoot = readonly string[];

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  K extends QueryKeyRoot | undefined = QueryKeyRoot | undefined,
> {
  readonly method: M;
  /** Fastify's form: path parameters as `:name`, filled from `params`. */
  readonly path: string;
  /** The query string (GET, DELETE). */
  readonly query: Q;
  /** The JSON body (POST, PUT). */
  readonly body: B;
  /** Path parameters. */
  readonly params: P;
  /** What the success envelope's `data` holds. */
  readonly response: R;
  /** Reads cached by the console: the head of their query key. Mutations have none. */
  readonly key: K;
}

/**
 * Declares an endpoint; what is not given is absent (no query, no body, no params, no key), in the
 * declaration's type as well as at run time.
 */
export function defineEndpoint<
  const M extends HttpMethod,
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  const K extends QueryKeyRoot | undefined = undefined,
>(spec: {
  method: M;
  path: string;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
  key?: K;
}): Endpoint<M, Q, B, P, R, K> {
  return {
    method: spec.method,
    path: spec.path,
    query: spec.query as Q,
    body: spec.body as B,
    params: spec.params as P,
    response: spec.response,
    key: spec.key as K,
  };
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The query an endpoint accepts, as its schema parses it. */
export type EndpointQuery<E extends Endpoint> = Parsed<E['query']>;
/** The body an endpoint accepts, as its schema parses it. */
export type EndpointBody<E extends Endpoint> = Parsed<E['body']>;
/** The path parameters an endpoint takes. */
export type EndpointParams<E extends Endpoint> = Parsed<E['params']>;
/** What an endpoint answers in the success envelope's `data`. */
export type EndpointData<E extends Endpoint> = z.output<E['response']>;
