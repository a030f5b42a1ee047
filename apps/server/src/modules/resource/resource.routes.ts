import { CRUD, resourceEndpoints } from '@envmon/shared';
import type { App } from '../../app-types.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { crudRoutes } from '../crud/crud.routes.js';
import type { ResourceService } from './resource.service.js';

/** The resource CRUD and a role's resources (paths and schemas: CRUD_ENDPOINTS.resource, resourceEndpoints). */
export function resourceRoutes(app: App, resources: ResourceService, downloads: XlsxDownloads): void {
  crudRoutes(app, CRUD.resource, resources, downloads);

  app.route({
    ...endpointRoute(resourceEndpoints.getByRole, { tags: ['resource'], summary: "A role's resources in menu order" }),
    // Read by the role screen's resource tree.
    config: { permission: CRUD.role.permission },
    handler: async (request) => ok(await resources.byRole(request.query.roleId)),
  });
}
