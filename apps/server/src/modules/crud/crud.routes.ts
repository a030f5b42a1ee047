import { CRUD_ENDPOINTS, LIMITS, writeCode, type CrudDefinition, type Language, type PageQuery } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { readAhead } from '../../lib/xlsx-export.js';
import { crudSheet, translate } from './crud.export.js';
import type { CrudService } from './crud.types.js';

export interface CrudRouteOptions {
  /** false when the entity's `get` means something else (dictionary: lookup by table and column). */
  get?: boolean;
}

/**
 * The definitions' schemas are typed loosely (one CrudDefinition type for all entities), so the
 * fields every list, export and update query has are named here for the handlers.
 */
type ListQuery = PageQuery & { exportSpecialFlag?: number } & Record<string, unknown>;
type ExportQuery = { lang: Language } & Record<string, unknown>;
type UpdateBody = { id: number } & Record<string, unknown>;

/**
 * The declarative CRUD routes (STYLE.md rule 11) for one definition of shared/crud.ts:
 * get, getAll (paged, filtered; `exportSpecialFlag=1` only checks the caller may export),
 * export (xlsx, through the shared ticketed two-step download), add, update, delete. Reads need the page code, writes `${code}:write`.
 * Paths and schemas are the definition's declared calls (CRUD_ENDPOINTS, packages/shared/src/api/system.ts).
 *
 * Bodies and filters are validated by the definition's schemas, which are the very schemas the
 * service's types are inferred from; that is why they can be handed over as TCreate/TUpdate/TFilter.
 */
export function crudRoutes<TEntity extends Record<string, unknown>, TCreate, TUpdate, TFilter>(
  app: App,
  def: CrudDefinition,
  service: CrudService<TEntity, TCreate, TUpdate, TFilter>,
  downloads: XlsxDownloads,
  options: CrudRouteOptions = {},
): void {
  const read = { permission: [def.permission, ...(def.alsoReadBy ?? [])] };
  const write = { permission: writeCode(def.permission) };
  const tags = [def.key];

  const calls = CRUD_ENDPOINTS[def.key];

  if (options.get !== false) {
    app.route({
      ...endpointRoute(calls.get, { tags, summary: `One ${def.key} by id` }),
      config: read,
      handler: async (request) => ok(await service.get(request.query.id)),
    });
  }

  app.route({
    ...endpointRoute(calls.list, {
      tags,
      summary: `${def.key} list (paged, filtered); exportSpecialFlag=1 only checks export is allowed`,
    }),
    config: read,
    handler: async (request) => {
      const { pageNum, pageSize, exportSpecialFlag, ...filter } = request.query as ListQuery;
      // The spec's export is two calls: this check, then the download link (SPEC section 7).
      if (exportSpecialFlag === 1) return ok(null);
      return ok(await service.list(filter as TFilter, { pageNum, pageSize }));
    },
  });

  downloads.register({
    path: calls.export.path,
    permission: read.permission,
    tags,
    summary: `the ${def.key} list (the filters of getAll; lang picks the header language)`,
    querystring: calls.export.query,
    plan: async (query) => {
      const { lang, ...filter } = query as ExportQuery;
      async function* pages() {
        for (let pageNum = 1; ; pageNum += 1) {
          const page = await service.list(filter as TFilter, { pageNum, pageSize: LIMITS.maxPageSize });
          yield page.list;
          if (pageNum * LIMITS.maxPageSize >= page.total) return;
        }
      }
      const rows = await readAhead(pages());
      return {
        fileName: { ascii: def.exportName, display: translate(def.title, lang) ?? def.exportName },
        sheets: [crudSheet(def, lang, rows)],
      };
    },
  });

  app.route({
    ...endpointRoute(calls.add, { tags, summary: `Add a ${def.key}` }),
    config: write,
    handler: async (request) => ok(await service.add(request.body as TCreate)),
  });

  app.route({
    ...endpointRoute(calls.update, { tags, summary: `Update a ${def.key}` }),
    config: write,
    handler: async (request) => {
      const { id, ...input } = request.body as UpdateBody;
      return ok(await service.update(id, input as TUpdate));
    },
  });

  app.route({
    ...endpointRoute(calls.remove, { tags, summary: `Delete a ${def.key}` }),
    // A GET that changes data: logged like the POSTs.
    config: { ...write, operationLog: true },
    handler: async (request) => {
      await service.remove(request.query.id);
      return ok(null);
    },
  });
}
