import { CRUD, dictionaryEndpoints, SIGNED_IN } from '@envmon/shared';
import type { App } from '../../app-types.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { crudRoutes } from '../crud/crud.routes.js';
import type { DictionaryService } from './dictionary.service.js';

/** The dictionary CRUD and its lookups (paths and schemas: CRUD_ENDPOINTS.dictionary, dictionaryEndpoints). */
export function dictionaryRoutes(app: App, dictionary: DictionaryService, downloads: XlsxDownloads): void {
  // The dictionary's `get` is the vocabulary lookup every screen uses, not a read by id.
  crudRoutes(app, CRUD.dictionary, dictionary, downloads, { get: false });

  app.route({
    ...endpointRoute(dictionaryEndpoints.get, {
      tags: ['dictionary'],
      summary: 'The entries of one vocabulary (tableName + columnName), sorted',
    }),
    config: { permission: SIGNED_IN },
    handler: async (request) => ok(await dictionary.lookup(request.query.tableName, request.query.columnName)),
  });

  app.route({
    ...endpointRoute(dictionaryEndpoints.getFactorUnit, {
      tags: ['dictionary'],
      summary: 'One vocabulary as a value → label map',
    }),
    config: { permission: SIGNED_IN },
    handler: async (request) => ok(await dictionary.labels(request.query.tableName, request.query.columnName)),
  });
}
