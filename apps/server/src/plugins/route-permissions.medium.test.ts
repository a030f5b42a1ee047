import { PUBLIC, SIGNED_IN } from '@envmon/shared';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, login, useTestApp } from '../test/harness.js';
import { isKnownPermission, type RoutePermission } from './route-permissions.js';

/**
 * The route-permission table (issue 2): every registered route, probed three times —
 * without a token, as a signed-in user holding no resources, and as admin.
 */
const concreteUrl = (url: string) => url.replace(/:\w+/g, 'probe').replace(/\*$/, 'probe');
const methodOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]) as string[];

describe('route permissions', () => {
  const t = useTestApp({ withConsole: true });
  let admin: string;
  let nobody: string;
  let routes: { method: string; url: string; permission: RoutePermission }[];

  beforeAll(async () => {
    const { app } = t();
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    await call(app, admin, 'POST', '/manager/system/user/rest/add', {
      payload: { userName: 'nobody', name: 'No resources', password: 'Nobody@123' },
    });
    nobody = await login(app, 'nobody', 'Nobody@123');
    routes = t().routes.flatMap((route) =>
      methodOf(route).map((method) => ({ method, url: route.url, permission: route.config?.permission ?? '' })),
    );
  });

  it('sees every route, each with a known declaration', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) expect(isKnownPermission(route.permission), `${route.method} ${route.url}`).toBe(true);
    // The API reference plugin's routes are covered too.
    expect(routes.some((r) => r.url.startsWith('/api-docs'))).toBe(true);
  });

  it('answers 401 without a token on every non-public route', async () => {
    for (const route of routes.filter((r) => r.permission !== PUBLIC)) {
      const response = await t().app.inject({ method: route.method as 'GET', url: concreteUrl(route.url) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers public routes without a token, never with 401 or 403', async () => {
    for (const route of routes.filter((r) => r.permission === PUBLIC)) {
      const response = await t().app.inject({ method: route.method as 'GET', url: concreteUrl(route.url) });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
    }
  });

  it('answers 403 to a signed-in user without resources on resource-coded routes, and lets it call signed-in ones', async () => {
    for (const route of routes.filter((r) => r.permission !== PUBLIC)) {
      const response = await t().app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: { token: nobody },
      });
      const where = `${route.method} ${route.url}`;
      if (route.permission === SIGNED_IN) expect([401, 403], where).not.toContain(response.statusCode);
      else expect(response.statusCode, where).toBe(403);
      // Logging out ends the probe session; sign in again for the next route.
      if (route.url.endsWith('/logout')) nobody = await login(t().app, 'nobody', 'Nobody@123');
    }
  });

  it('lets admin through every route', async () => {
    for (const route of routes) {
      const response = await t().app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: { token: admin },
      });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
      if (route.url.endsWith('/logout')) admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    }
  });
});
