import { CRUD, idSchema, resourceSchema } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { crudRoutes } from '../crud/crud.routes.js';
import type { ResourceService } from './resource.service.js';

export function resourceRoutes(app: App, resources: ResourceService, downloads: XlsxDownloads): void {
  crudRoutes(app, CRUD.resource, resources, downloads);

  app.get(
    '/manager/system/resource/rest/getByRole',
    {
      // Read by the role screen's resource tree.
      config: { permission: CRUD.role.permission },
      schema: {
        tags: ['resource'],
        summary: "A role's resources in menu order",
        querystring: z.object({ roleId: idSchema }),
        response: envelopeResponses(z.array(resourceSchema)),
      },
    },
    async (request) => ok(await resources.byRole(request.query.roleId)),
  );
}
