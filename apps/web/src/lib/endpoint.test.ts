import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ALARM_LIST_KEY, alarmEndpoints, defineEndpoint, SUCCESS_CODE, SUCCESS_STATUS } from '@envmon/shared';
import { createApiClient, type ApiClientDeps } from './api';
import { callEndpoint, endpointKey, endpointUrl } from './endpoint';

const ok = (data: unknown) => ({ status: SUCCESS_STATUS, code: SUCCESS_CODE, desc: '', data });

/** The real api client over a fake fetch: what reaches the network is what the helper built. */
function setup(data: unknown) {
  const sent: { url: string; method: string | undefined; body: unknown }[] = [];
  const deps = {
    fetch: vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        url: input instanceof Request ? input.url : input.toString(),
        method: init?.method,
        body: init?.body,
      });
      return Promise.resolve(
        new Response(JSON.stringify(ok(data)), { headers: { 'Content-Type': 'application/json' } }),
      );
    }),
    notifier: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
    getToken: () => 'tok',
    onUnauthorized: vi.fn(),
    t: (key: string) => key,
    language: () => 'en-US',
    saveFile: vi.fn(),
  } satisfies ApiClientDeps;
  return { client: createApiClient(deps), sent, deps };
}

const fakeClient = () => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });

describe('endpointKey', () => {
  it('starts with the declared root, so invalidating the domain root reaches it', () => {
    const filter = { active: 1 };
    expect(endpointKey(alarmEndpoints.list, filter, 2, 20)).toEqual(['alarmList', 'page', filter, 2, 20]);
    expect(endpointKey(alarmEndpoints.current, null)).toEqual(['alarmList', 'current', null]);
    expect(endpointKey(alarmEndpoints.workOrderHistory, 5)).toEqual(['alarmList', 'history', 5]);
    expect(endpointKey(alarmEndpoints.workOrderHistory, 5).slice(0, ALARM_LIST_KEY.length)).toEqual(ALARM_LIST_KEY);
  });
});

describe('endpointUrl', () => {
  const byId = defineEndpoint({
    method: 'GET',
    path: '/manager/test/rest/:id/files/:name',
    params: z.object({ id: z.number(), name: z.string() }),
    response: z.null(),
  });

  it('fills path parameters, encoded', () => {
    expect(endpointUrl(byId, { id: 3, name: 'a b/c' })).toBe('/manager/test/rest/3/files/a%20b%2Fc');
    expect(endpointUrl(alarmEndpoints.list)).toBe('/manager/alarm/rest/get');
  });

  it('refuses a path parameter left out', () => {
    expect(() => endpointUrl(byId, { id: 3 })).toThrow(':name');
  });
});

describe('callEndpoint', () => {
  it("GETs the declaration's path with the query string and answers the envelope's data", async () => {
    const { client, sent } = setup([]);
    const trail = await callEndpoint(alarmEndpoints.workOrderHistory, { query: { alarmId: 5 } }, undefined, client);
    expect(trail).toEqual([]);
    expect(sent).toEqual([
      { url: '/manager/alarm/workorder/rest/getHistory?alarmId=5', method: 'GET', body: undefined },
    ]);
  });

  it('POSTs the body as JSON', async () => {
    const { client, sent } = setup(null);
    await callEndpoint(
      alarmEndpoints.updateWorkOrder,
      { body: { alarmId: 5, orderStatus: 2, comment: null } },
      { silent: true },
      client,
    );
    expect(sent).toEqual([
      {
        url: '/manager/alarm/workorder/rest/update',
        method: 'POST',
        body: JSON.stringify({ alarmId: 5, orderStatus: 2, comment: null }),
      },
    ]);
  });

  it('passes the client only the arguments a hand-written call would', async () => {
    const client = fakeClient();
    await callEndpoint(alarmEndpoints.list, { query: { pageNum: 1, pageSize: 20 } }, undefined, client);
    expect(client.get.mock.calls).toEqual([['/manager/alarm/rest/get', { pageNum: 1, pageSize: 20 }]]);
    await callEndpoint(alarmEndpoints.current, { query: {} }, { silent: true }, client);
    expect(client.get.mock.calls[1]).toEqual(['/manager/alarm/rest/getCurrent', {}, { silent: true }]);
    await callEndpoint(
      alarmEndpoints.updateWorkOrder,
      { body: { alarmId: 1, orderStatus: 4, comment: null } },
      undefined,
      client,
    );
    expect(client.post.mock.calls).toEqual([
      ['/manager/alarm/workorder/rest/update', { alarmId: 1, orderStatus: 4, comment: null }],
    ]);
  });

  it('sends a DELETE with its query, and a POST with a query in the options', async () => {
    const client = fakeClient();
    const remove = defineEndpoint({
      method: 'DELETE',
      path: '/x/:id',
      params: z.object({ id: z.number() }),
      query: z.object({ f: z.string() }),
      response: z.null(),
    });
    await callEndpoint(remove, { params: { id: 9 }, query: { f: 'a' } }, undefined, client);
    expect(client.delete.mock.calls).toEqual([['/x/9', { f: 'a' }]]);
    const send = defineEndpoint({ method: 'POST', path: '/y', query: z.object({ q: z.number() }), response: z.null() });
    await callEndpoint(send, { query: { q: 1 } }, undefined, client);
    expect(client.post.mock.calls).toEqual([['/y', undefined, { params: { q: 1 } }]]);
  });
});
