import { MESSAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { body, CONSOLE_ASSET, CONSOLE_INDEX, useTestApp } from './test/harness.js';

describe('the HTTP surface', () => {
  const t = useTestApp({ withConsole: true });

  it('answers unknown API paths with the 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/manager/system/nothing/rest/here'],
      ['POST', '/manager/system/user/rest/nothing'],
      ['GET', '/data/anything'],
    ] as const) {
      const response = await t().app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(body(response)).toEqual({ status: -1, code: '000001', desc: MESSAGES.notFound });
    }
  });

  it('answers a malformed JSON body with 400 and the envelope', async () => {
    const response = await t().app.inject({
      method: 'POST',
      url: '/manager/system/login/rest/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName":',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ status: -1, code: '000001', desc: MESSAGES.invalidInput });
  });

  it('serves the console: files as they are, client-side routes as index.html', async () => {
    const asset = await t().app.inject({ url: `/${CONSOLE_ASSET}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("envmon")');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/', '/login', '/system/user?x=1', '/dashboard/index']) {
      const page = await t().app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(CONSOLE_INDEX);
      expect(page.headers['content-type']).toContain('text/html');
    }
    expect((await t().app.inject({ url: '/../../etc/passwd' })).body).toBe(CONSOLE_INDEX);
  });

  it('publishes an OpenAPI document of every API route, with envelopes and permissions', async () => {
    const response = await t().app.inject({ url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
    }>();
    expect(doc.openapi).toBe('3.0.3');
    const apiRoutes = t().routes.filter((r) => r.url.startsWith('/manager/'));
    for (const route of apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[String(route.method).toLowerCase()];
      expect(operation, `${String(route.method)} ${route.url}`).toBeDefined();
      expect(operation?.responses).toHaveProperty('200');
    }
    const getAll = doc.paths['/manager/system/user/rest/getAll']?.get;
    expect(getAll?.description).toBe('Permission: system.user');
    expect(JSON.stringify(getAll?.responses['200'])).toContain('"code"');
  });

  it('serves the browsable API reference', async () => {
    const response = await t().app.inject({ url: '/api-docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
