/** Fastify's own types, extended with what envmon decorates the app and requests with (imported by app-types.ts). */
import 'fastify';
import type { EventBus } from '../events/bus.js';
import type { StationData } from '../gateway/station-data.js';
import type { Actor, AuthContext } from '../modules/session/permission.js';
import type { RoutePermission } from '../plugins/route-permissions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Domain events between the gateway, storage and processors. */
    bus: EventBus;
    /** The gateway service when this process runs it. */
    stations: StationData | null;
  }

  interface FastifyContextConfig {
    /** What the caller needs: a resource code, PUBLIC or SIGNED_IN. Required on every route. */
    permission?: RoutePermission;
    /** Write this call to the operation log; defaults to true for every method but GET. */
    operationLog?: boolean;
  }

  interface FastifyRequest {
    /** The signed-in caller, set by the auth hook on non-public routes. */
    auth: AuthContext | null;
    /** Who the operation log names: the signed-in caller, or the user a login just signed in. */
    actor: Actor | null;
  }
}
