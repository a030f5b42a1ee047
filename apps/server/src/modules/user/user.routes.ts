import { CRUD, SIGNED_IN, userInfoSchema, userNameCheckSchema } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import { crudRoutes } from '../crud/crud.routes.js';
import type { UserService } from './user.service.js';

export function userRoutes(app: App, users: UserService, downloads: XlsxDownloads): void {
  crudRoutes(app, CRUD.user, users, downloads);

  app.get(
    '/manager/system/user/rest/getByToken',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['user'],
        summary: "The caller's user info: roles with their resources (action 2 dropped) and device codes",
        response: envelopeResponses(userInfoSchema),
      },
    },
    async (request) => ok(await users.info(signedIn(request).userId)),
  );

  app.get(
    '/manager/system/user/rest/checkUserNameUnique',
    {
      config: { permission: CRUD.user.permission },
      schema: {
        tags: ['user'],
        summary: 'true when no user but `id` has the name',
        querystring: userNameCheckSchema,
        response: envelopeResponses(z.boolean()),
      },
    },
    async (request) => ok(await users.isUserNameFree(request.query.userName, request.query.id ?? null)),
  );
}
