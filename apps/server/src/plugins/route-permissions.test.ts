import { PUBLIC } from '@envmon/shared';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { App } from '../app-types.js';
import { registerWithPermission, requireRoutePermissions } from './route-permissions.js';

function bareApp(): App {
  const app: App = Fastify({ exposeHeadRoutes: false }).withTypeProvider<ZodTypeProvider>();
  requireRoutePermissions(app);
  return app;
}

describe('requireRoutePermissions', () => {
  it('refuses a route without a permission declaration', () => {
    const app = bareApp();
    expect(() => app.get('/open', () => 'x')).toThrow(/GET \/open: every route must declare config.permission/);
  });

  it('refuses a permission that is not a resource code, PUBLIC or SIGNED_IN', () => {
    const app = bareApp();
    expect(() => app.get('/typo', { config: { permission: 'system.usr' } }, () => 'x')).toThrow(
      /unknown permission 'system.usr'/,
    );
  });

  it('logs mutating methods by default and GETs only when asked', async () => {
    const app = bareApp();
    const seen: Record<string, unknown> = {};
    app.addHook('onRoute', (route) => {
      seen[`${String(route.method)} ${route.url}`] = route.config?.operationLog;
    });
    app.post('/a', { config: { permission: PUBLIC } }, () => 'x');
    app.get('/b', { config: { permission: PUBLIC } }, () => 'x');
    app.get('/c', { config: { permission: 'system.user:write', operationLog: true } }, () => 'x');
    await app.ready();
    expect(seen).toEqual({ 'POST /a': true, 'GET /b': false, 'GET /c': true });
  });

  it("gives a third-party plugin's routes the permission of its scope, nested scopes included", async () => {
    const app = bareApp();
    const seen: unknown[] = [];
    app.addHook('onRoute', (route) => {
      seen.push(route.config?.permission);
    });
    const thirdParty: FastifyPluginAsync = async (instance) => {
      instance.get('/outer', () => 'x');
      await instance.register((nested, _options, done) => {
        nested.get('/inner', () => 'x');
        done();
      });
    };
    await registerWithPermission(app, PUBLIC, thirdParty, {});
    await app.ready();
    expect(seen).toEqual([PUBLIC, PUBLIC]);
  });
});
