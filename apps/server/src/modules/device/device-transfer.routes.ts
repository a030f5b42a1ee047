import { PassThrough, Readable } from 'node:stream';
import {
  deviceQuerySchema,
  envelopeSchema,
  exportFlagSchema,
  failureEnvelopeSchema,
  FAILURE_CODE,
  FAILURE_STATUS,
  PUBLIC,
  writeCode,
} from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, fileResponses, ok } from '../../lib/envelope.js';
import { DomainError, forbidden, notSignedIn } from '../../lib/errors.js';
import { XlsxImportError } from '../../lib/xlsx-import.js';
import { attachment } from '../../lib/xlsx-template.js';
import { signedIn } from '../../plugins/auth.js';
import type { RoleService } from '../role/role.service.js';
import { decide } from '../session/permission.js';
import { XLSX_MIME } from '../crud/crud.export.js';
import type { DeviceExportFilter, DeviceExportRow } from './device-transfer.repository.js';
import { importProblemSchema, type DeviceTransferService } from './device-transfer.service.js';

const DEVICE_PAGE = 'system.device';
const DEVICE = '/manager/system/device/rest';
export const EXPORT_DOWNLOAD_PATH = `${DEVICE}/export/download`;
const tags = ['device'];

/** getAll's filters without paging: what the export narrows by. */
const exportFilterSchema = deviceQuerySchema.omit({ pageNum: true, pageSize: true });

const importResultSchema = z.object({ count: z.number().int() });
/** A refused import answers the failure envelope with every problem in data (SPEC: 'the server desc'). */
const importRefusedSchema = failureEnvelopeSchema.extend({ data: z.array(importProblemSchema).optional() });

const NO_FILE = '请选择要导入的 xlsx 文件！';

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** The url's query: the filters that narrow the export, nothing blank (SPEC section 7). */
function filterParams(filter: DeviceExportFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(name, String(value));
  }
  return params;
}

/**
 * Batch import (batAdd), its template, and export (SPEC section 7 'Export and templates'):
 * export is a check that answers a download link, and the link carries a one-minute single-use
 * ticket instead of the session token.
 */
export function deviceTransferRoutes(app: App, transfer: DeviceTransferService, roles: RoleService): void {
  app.post(
    `${DEVICE}/batAdd`,
    {
      config: { permission: writeCode(DEVICE_PAGE) },
      schema: {
        tags,
        summary:
          'Import devices from an xlsx (multipart, one file, first sheet, the template columns): all rows or none; a refusal lists { row, field, message } in data',
        consumes: ['multipart/form-data'],
        response: {
          200: z.union([envelopeSchema(importResultSchema), importRefusedSchema]),
          '4xx': failureEnvelopeSchema,
          '5xx': failureEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const file = await request.file();
      if (!file) return { status: FAILURE_STATUS, code: FAILURE_CODE, desc: NO_FILE };
      // Past LIMITS.uploadMaxBytes this throws a 413, answered '文件过大！' by the error handler.
      const data = await file.toBuffer();
      try {
        const outcome = await transfer.importDevices(data);
        if (outcome.ok) return ok({ count: outcome.count }, `成功导入${outcome.count}台设备！`);
        return { status: FAILURE_STATUS, code: FAILURE_CODE, desc: outcome.desc, data: outcome.problems };
      } catch (err) {
        if (err instanceof XlsxImportError) return { status: FAILURE_STATUS, code: FAILURE_CODE, desc: err.message };
        throw err;
      }
    },
  );

  app.get(
    `${DEVICE}/template`,
    {
      // Opened in a new window by the console, which cannot send the token header there.
      config: { permission: DEVICE_PAGE, queryToken: true },
      schema: {
        tags,
        summary: 'The device import template (xlsx): the header row and an example row',
        querystring: z.object({ token: z.string().optional() }),
        response: fileResponses('xlsx workbook'),
      },
    },
    async (request, reply) => {
      const workbook = await transfer.template(signedIn(request).userName);
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', attachment('device-import-template.xlsx', '设备导入模板.xlsx'))
        .send(Readable.from([workbook]));
    },
  );

  app.get(
    `${DEVICE}/export`,
    {
      config: { permission: DEVICE_PAGE },
      schema: {
        tags,
        summary:
          "Export step 1 (exportSpecialFlag=1 and getAll's filters): the download link, with a one-minute single-use ticket and the non-empty filters",
        querystring: exportFilterSchema.extend(exportFlagSchema.shape),
        response: envelopeResponses(z.object({ url: z.string() })),
      },
    },
    (request) => {
      const { exportSpecialFlag: _flag, ...filter } = request.query;
      const { userId, userName } = signedIn(request);
      const params = filterParams(filter);
      params.set('ticket', transfer.issueExportTicket({ userId, userName }));
      return ok({ url: `${EXPORT_DOWNLOAD_PATH}?${params.toString()}` });
    },
  );

  app.get(
    EXPORT_DOWNLOAD_PATH,
    {
      // The ticket is the credential: a window opened by the console sends no token header.
      config: { permission: PUBLIC },
      schema: {
        tags,
        summary:
          'Export step 2: the devices matching the filters as xlsx (Chinese headers); the ticket works once, for a minute',
        querystring: exportFilterSchema.extend({ ticket: z.string().min(1) }),
        response: fileResponses('xlsx workbook'),
      },
    },
    async (request, reply) => {
      const { ticket, ...filter } = request.query;
      const holder = transfer.redeemExportTicket(ticket);
      if (!holder) throw notSignedIn();
      // The right may have been taken away since the ticket was issued.
      if (decide(DEVICE_PAGE, await roles.accessOf(holder.userId)) !== 'allow') throw forbidden();

      const pages = transfer.exportPages(filter, holder.userId);
      // The first page is read before the response starts, so a failing query still gets an envelope.
      let first: IteratorResult<DeviceExportRow[]>;
      try {
        first = await pages.next();
      } catch (err) {
        request.log.error({ err }, 'device export failed');
        throw new DomainError('exportFailed');
      }
      async function* all() {
        if (!first.done) yield first.value;
        yield* pages;
      }
      const body = new PassThrough();
      transfer.writeExport(body, all()).catch((err: unknown) => {
        request.log.error({ err }, 'device export failed');
        body.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      const name = `devices-${stamp(Date.now())}.xlsx`;
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', attachment(name, `设备列表-${name.slice(8)}`))
        .send(body);
    },
  );
}
