import { PassThrough } from 'node:stream';
import {
  crudListQuerySchema,
  crudPath,
  exportFlagSchema,
  idParamSchema,
  idSchema,
  LANGUAGES,
  LIMITS,
  pageSchema,
  writeCode,
  type CrudDefinition,
  type Language,
  type PageQuery,
} from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, fileResponses, ok } from '../../lib/envelope.js';
import { writeXlsx, XLSX_MIME } from './crud.export.js';
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
type ExportQuery = { lang: Language; token?: string } & Record<string, unknown>;
type UpdateBody = { id: number } & Record<string, unknown>;

const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/**
 * The declarative CRUD routes (STYLE.md rule 11) for one definition of shared/crud.ts:
 * get, getAll (paged, filtered; `exportSpecialFlag=1` only checks the caller may export),
 * export (xlsx), add, update, delete. Reads need the page code, writes `${code}:write`.
 *
 * Bodies and filters are validated by the definition's schemas, which are the very schemas the
 * service's types are inferred from; that is why they can be handed over as TCreate/TUpdate/TFilter.
 */
export function crudRoutes<TEntity extends Record<string, unknown>, TCreate, TUpdate, TFilter>(
  app: App,
  def: CrudDefinition,
  service: CrudService<TEntity, TCreate, TUpdate, TFilter>,
  options: CrudRouteOptions = {},
): void {
  const read = { permission: [def.permission, ...(def.alsoReadBy ?? [])] };
  const write = { permission: writeCode(def.permission) };
  const tags = [def.key];

  if (options.get !== false) {
    app.get(
      crudPath(def, 'get'),
      {
        config: read,
        schema: {
          tags,
          summary: `One ${def.key} by id`,
          querystring: idParamSchema,
          response: envelopeResponses(def.entity),
        },
      },
      async (request) => ok(await service.get(request.query.id)),
    );
  }

  app.get(
    crudPath(def, 'getAll'),
    {
      config: read,
      schema: {
        tags,
        summary: `${def.key} list (paged, filtered); exportSpecialFlag=1 only checks export is allowed`,
        querystring: crudListQuerySchema(def).extend(exportFlagSchema.shape),
        response: envelopeResponses(pageSchema(def.entity).nullable()),
      },
    },
    async (request) => {
      const { pageNum, pageSize, exportSpecialFlag, ...filter } = request.query as ListQuery;
      // The spec's export is two calls: this check, then the download link (SPEC section 7).
      if (exportSpecialFlag === 1) return ok(null);
      return ok(await service.list(filter as TFilter, { pageNum, pageSize }));
    },
  );

  app.get(
    crudPath(def, 'export'),
    {
      config: { ...read, queryToken: true },
      schema: {
        tags,
        summary: `${def.key} list as xlsx (the filters of getAll; lang picks the header language)`,
        querystring: def.filter.extend({ lang: z.enum(LANGUAGES).default('zh-CN'), token: z.string().optional() }),
        response: fileResponses('xlsx workbook'),
      },
    },
    async (request, reply) => {
      const { lang, token: _token, ...filter } = request.query as ExportQuery;
      async function* pages() {
        for (let pageNum = 1; ; pageNum += 1) {
          const page = await service.list(filter as TFilter, { pageNum, pageSize: LIMITS.maxPageSize });
          yield page.list;
          if (pageNum * LIMITS.maxPageSize >= page.total) return;
        }
      }
      const body = new PassThrough();
      writeXlsx(body, def, lang, pages()).catch((err: unknown) => {
        request.log.error({ err }, 'export failed');
        body.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      const fileName = `${def.exportName}-${stamp(new Date())}.xlsx`;
      return reply.type(XLSX_MIME).header('content-disposition', `attachment; filename="${fileName}"`).send(body);
    },
  );

  app.post(
    crudPath(def, 'add'),
    {
      config: write,
      schema: { tags, summary: `Add a ${def.key}`, body: def.create, response: envelopeResponses(def.entity) },
    },
    async (request) => ok(await service.add(request.body as TCreate)),
  );

  app.post(
    crudPath(def, 'update'),
    {
      config: write,
      schema: {
        tags,
        summary: `Update a ${def.key}`,
        body: def.update.extend({ id: idSchema }),
        response: envelopeResponses(def.entity),
      },
    },
    async (request) => {
      const { id, ...input } = request.body as UpdateBody;
      return ok(await service.update(id, input as TUpdate));
    },
  );

  app.get(
    crudPath(def, 'delete'),
    {
      // A GET that changes data: logged like the POSTs.
      config: { ...write, operationLog: true },
      schema: {
        tags,
        summary: `Delete a ${def.key}`,
        querystring: idParamSchema,
        response: envelopeResponses(z.null()),
      },
    },
    async (request) => {
      await service.remove(request.query.id);
      return ok(null);
    },
  );
}
