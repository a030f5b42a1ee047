import { Readable } from 'node:stream';
import { DEVICE_FILE_PATHS, deviceQuerySchema, envelopeSchema, failureEnvelopeSchema, writeCode } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { fileResponses, ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { uploadedChunks } from '../../lib/upload.js';
import { DomainError } from '../../lib/errors.js';
import { importReportParams } from '../../lib/import-report.js';
import { languageOf, messageText } from '../../lib/messages.js';
import { attachment } from '../../lib/xlsx-template.js';
import { signedIn } from '../../plugins/auth.js';
import { XLSX_MIME } from '../crud/crud.export.js';
import { importProblemSchema, type DeviceTransferService } from './device-transfer.service.js';

const DEVICE_PAGE = 'system.device';
const tags = ['device'];

/** getAll's filters without paging: what the export narrows by. */
const exportFilterSchema = deviceQuerySchema.omit({ pageNum: true, pageSize: true });

const importResultSchema = z.object({ count: z.number().int() });
/** A refused import answers the failure envelope with every problem in data (SPEC: 'the server desc'). */
const importRefusedSchema = failureEnvelopeSchema.extend({ data: z.array(importProblemSchema).optional() });

/**
 * Batch import (batAdd), its template, and export (SPEC section 7 'Export and templates') through
 * the shared two-step download: a link with a one-minute single-use ticket instead of the session token.
 */
export function deviceTransferRoutes(app: App, transfer: DeviceTransferService, downloads: XlsxDownloads): void {
  app.post(
    DEVICE_FILE_PATHS.batAdd,
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
      if (!file) throw new DomainError('importNoFile');
      // Read as it arrives; past LIMITS.uploadMaxBytes this throws a 413, answered '文件过大！' by the error handler,
      // as it answers a file that is no device workbook (XlsxImportError) and the refusal, in the caller's language.
      const outcome = await transfer.importDevices(uploadedChunks(file));
      if (!outcome.ok) {
        throw new DomainError(
          'deviceImportInvalid',
          outcome.problems,
          importReportParams(outcome.problems, 'device.fields'),
        );
      }
      const count = outcome.count;
      return ok({ count }, messageText(languageOf(request), 'devicesImported', { count }));
    },
  );

  app.get(
    DEVICE_FILE_PATHS.template,
    {
      config: { permission: DEVICE_PAGE },
      schema: {
        tags,
        summary: 'The device import template (xlsx): the header row and an example row',
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

  downloads.register({
    path: DEVICE_FILE_PATHS.export,
    permission: DEVICE_PAGE,
    tags,
    summary: "the devices matching getAll's filters (Chinese headers)",
    querystring: exportFilterSchema,
    plan: (filter, caller) => transfer.exportPlan(filter, caller),
  });
}
