import { flattenResourceTree, PUBLIC, SIGNED_IN } from '@envmon/shared';
import type { FastifyPluginAsync, FastifyPluginCallback, FastifyPluginOptions, RouteOptions } from 'fastify';
import type { App } from '../app-types.js';

/** A resource code of RESOURCE_TREE (or several, any of which will do), or PUBLIC / SIGNED_IN. */
export type RoutePermission = string | readonly string[];

const KNOWN = new Set<string>([PUBLIC, SIGNED_IN, ...flattenResourceTree().map((r) => r.code)]);

export function isKnownPermission(permission: RoutePermission): boolean {
  if (typeof permission === 'string') return KNOWN.has(permission);
  return permission.length > 0 && permission.every((code) => code !== PUBLIC && code !== SIGNED_IN && KNOWN.has(code));
}

/** Set on a plugin scope whose routes we do not write ourselves (the API reference UI). */
const kScopePermission = Symbol('envmon.scopePermission');
type PermissionScope = { [kScopePermission]?: RoutePermission };

/**
 * Every route must say who may call it (issue 2, 'Permissions on the server'). Registration fails
 * for a route without a declaration or with a code the resource tree does not have, so a
 * forgotten or misspelt permission is a start-up error, never an open route.
 */
export function requireRoutePermissions(app: App): void {
  app.addHook('onRoute', function (this: unknown, route: RouteOptions) {
    const permission = route.config?.permission ?? (this as PermissionScope)[kScopePermission];
    const where = `${String(route.method)} ${route.url}`;
    if (!permission) throw new Error(`${where}: every route must declare config.permission`);
    if (!isKnownPermission(permission)) throw new Error(`${where}: unknown permission '${String(permission)}'`);
    route.config = {
      ...route.config,
      permission,
      operationLog: route.config?.operationLog ?? route.method !== 'GET',
    };
  });
}

/** Registers a third-party plugin whose routes all get `permission` (e.g. PUBLIC docs). */
export async function registerWithPermission<O extends FastifyPluginOptions>(
  app: App,
  permission: RoutePermission,
  plugin: FastifyPluginAsync<O> | FastifyPluginCallback<O>,
  options: O,
): Promise<void> {
  await app.register(async (scope) => {
    // Child contexts inherit from this one by prototype, so the plugin's nested scopes see it too.
    (scope as unknown as PermissionScope)[kScopePermission] = permission;
    await scope.register(plugin, options);
  });
}
