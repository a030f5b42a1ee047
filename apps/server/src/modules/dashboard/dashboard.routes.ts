import { SIGNED_IN, dashboardEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { DashboardService } from './dashboard.service.js';

export const DASHBOARD_PERMISSION = 'settings.dashboard';
const READ = { permission: DASHBOARD_PERMISSION };
const WRITE = { permission: writeCode(DASHBOARD_PERMISSION) };
/** Deletes are GETs that change data: logged like the POSTs. */
const DELETE = { ...WRITE, operationLog: true };
/** Everyone has a home page: their own configuration and figures need only a session (admin may name another user). */
const OWN = { permission: SIGNED_IN };

/** Settings › dashboard (SPEC section 7 'dashboard'; paths and schemas: dashboardEndpoints). */
export function dashboardRoutes(app: App, dashboards: DashboardService): void {
  const tags = ['dashboard'];

  app.route({
    ...endpointRoute(dashboardEndpoints.list, {
      tags,
      summary: 'Dashboard configurations, paged, by user or configuration name; a non-admin sees only their own',
    }),
    config: READ,
    handler: async (request) => ok(await dashboards.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(dashboardEndpoints.byUser, {
      tags,
      summary: "A user's configuration (the caller's unless admin names another), or their role's defaults (id null)",
    }),
    config: OWN,
    handler: async (request) => ok(await dashboards.byUser(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(dashboardEndpoints.info, {
      tags,
      summary:
        "Everything a user's home and wall show: stations with state, class and AQI, transmission, alarms, " +
        'compliance, class and AQI distributions, latest alarms, open work orders, trends',
    }),
    config: OWN,
    handler: async (request) => ok(await dashboards.info(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(dashboardEndpoints.add, { tags, summary: "Add a user's configuration (one per user)" }),
    config: WRITE,
    handler: async (request) => ok(await dashboards.add(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(dashboardEndpoints.update, { tags, summary: 'Edit a configuration' }),
    config: WRITE,
    handler: async (request) => ok(await dashboards.update(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(dashboardEndpoints.remove, {
      tags,
      summary: 'Delete a configuration (the user sees the defaults)',
    }),
    config: DELETE,
    handler: async (request) => {
      await dashboards.remove(request.query.id, signedIn(request));
      return ok(null);
    },
  });
}
