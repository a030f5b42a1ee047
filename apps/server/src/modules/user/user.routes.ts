import { CRUD, SIGNED_IN, userEndpoints } from '@envmon/shared';
import type { App } from '../../app-types.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import { crudRoutes } from '../crud/crud.routes.js';
import type { UserService } from './user.service.js';

/** The user CRUD and the calls beside it (paths and schemas: CRUD_ENDPOINTS.user, userEndpoints). */
export function userRoutes(app: App, users: UserService, downloads: XlsxDownloads): void {
  crudRoutes(app, CRUD.user, users, downloads);

  app.route({
    ...endpointRoute(userEndpoints.getByToken, {
      tags: ['user'],
      summary: "The caller's user info: roles with their resources (action 2 dropped) and device codes",
    }),
    config: { permission: SIGNED_IN },
    handler: async (request) => ok(await users.info(signedIn(request).userId)),
  });

  app.route({
    ...endpointRoute(userEndpoints.checkUserNameUnique, {
      tags: ['user'],
      summary: 'true when no user but `id` has the name',
    }),
    config: { permission: CRUD.user.permission },
    handler: async (request) => ok(await users.isUserNameFree(request.query.userName, request.query.id ?? null)),
  });
}
