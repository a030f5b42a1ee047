import { CRUD, dictionaryLookupSchema, dictionarySchema, SIGNED_IN } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { crudRoutes } from '../crud/crud.routes.js';
import type { DictionaryService } from './dictionary.service.js';

export function dictionaryRoutes(app: App, dictionary: DictionaryService, downloads: XlsxDownloads): void {
  // The dictionary's `get` is the vocabulary lookup every screen uses, not a read by id.
  crudRoutes(app, CRUD.dictionary, dictionary, downloads, { get: false });

  app.get(
    '/manager/system/dictionary/rest/get',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['dictionary'],
        summary: 'The entries of one vocabulary (tableName + columnName), sorted',
        querystring: dictionaryLookupSchema,
        response: envelopeResponses(z.array(dictionarySchema)),
      },
    },
    async (request) => ok(await dictionary.lookup(request.query.tableName, request.query.columnName)),
  );

  app.get(
    '/manager/system/dictionary/rest/getFactorUnit',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['dictionary'],
        summary: 'One vocabulary as a value → label map',
        querystring: dictionaryLookupSchema,
        response: envelopeResponses(z.record(z.string(), z.string())),
      },
    },
    async (request) => ok(await dictionary.labels(request.query.tableName, request.query.columnName)),
  );
}
