import { alarmEndpoints, defineEndpoint, envelopeSchema, failureEnvelopeSchema } from '@envmon/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../app-types.js';
import { endpointRoute } from './endpoint-route.js';
import { failure, ok } from './envelope.js';

const doc = { tags: ['test'], summary: 'a test route' };

const echo = defineEndpoint({
  method: 'POST',
  path: '/manager/test/rest/:id/echo',
  params: z.object({ id: z.coerce.number().int() }),
  query: z.object({ times: z.coerce.number().int() }),
  body: z.object({ word: z.string() }),
  response: z.object({ id: z.number(), said: z.string() }),
});

describe('endpointRoute', () => {
  it("takes the route's method, url and request schemas from the declaration", () => {
    const route = endpointRoute(echo, doc);
    expect(route.method).toBe('POST');
    expect(route.url).toBe('/manager/test/rest/:id/echo');
    expect(route.schema.tags).toEqual(['test']);
    expect(route.schema.summary).toBe('a test route');
    expect(route.schema.querystring).toBe(echo.query);
    expect(route.schema.body).toBe(echo.body);
    expect(route.schema.params).toBe(echo.params);
  });

  it('wraps the declared response in the envelope, with failure envelopes for 4xx and 5xx', () => {
    const { response } = endpointRoute(alarmEndpoints.workOrderHistory, doc).schema;
    expect(Object.keys(response)).toEqual(['200', '4xx', '5xx']);
    expect(response['4xx']).toBe(failureEnvelopeSchema);
    expect(response['5xx']).toBe(failureEnvelopeSchema);
    const data = [
      { id: 1, alarmId: 2, fromStatus: 1, toStatus: 2, userId: null, userName: null, comment: null, createTime: 3 },
    ];
    expect(response[200].safeParse(ok(data)).success).toBe(true);
    expect(response[200].safeParse(ok([{ id: 'one' }])).success).toBe(false);
    expect(JSON.stringify(z.toJSONSchema(response[200]))).toBe(
      JSON.stringify(z.toJSONSchema(envelopeSchema(alarmEndpoints.workOrderHistory.response))),
    );
  });

  it('leaves out what the declaration does not name', () => {
    const route = endpointRoute(alarmEndpoints.current, doc);
    expect(route).toMatchObject({ method: 'GET', url: '/manager/alarm/rest/getCurrent' });
    expect(Object.keys(route.schema)).toEqual(['tags', 'summary', 'querystring', 'response']);
    expect(Object.keys(endpointRoute(alarmEndpoints.updateWorkOrder, doc).schema)).toEqual([
      'tags',
      'summary',
      'body',
      'response',
    ]);
  });

  it('registers a route that validates and types its request by the declared schemas', async () => {
    const app: App = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // The failure envelope the route's 4xx schema expects (the app's own error handler writes it in the app).
    app.setErrorHandler((error: { statusCode?: number }, _request, reply) =>
      reply.status(error.statusCode ?? 500).send(failure('refused')),
    );
    app.route({
      ...endpointRoute(echo, doc),
      handler: (request) => ok({ id: request.params.id, said: request.body.word.repeat(request.query.times) }),
    });
    await app.ready();
    const answered = await app.inject({
      method: 'POST',
      url: '/manager/test/rest/7/echo?times=2',
      payload: { word: 'hi' },
    });
    expect(answered.json()).toEqual(ok({ id: 7, said: 'hihi' }));
    const refused = await app.inject({ method: 'POST', url: '/manager/test/rest/7/echo', payload: { word: 'hi' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ desc: 'refused' });
    await app.close();
  });
});
