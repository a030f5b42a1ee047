import { Readable } from 'node:stream';
import {
  deviceEndpoints,
  envelopeSchema,
  failureEnvelopeSchema,
  VIRTUAL_DEVICE_FILE_PATHS,
  virtualDeviceEndpoints,
  virtualImportProblemSchema,
  virtualImportResultSchema,
  writeCode,
} from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { fileResponses, ok } from '../../lib/envelope.js';
import { DomainError } from '../../lib/errors.js';
import { importReportParams } from '../../lib/import-report.js';
import { languageOf, messageText } from '../../lib/messages.js';
import { uploadedChunks } from '../../lib/upload.js';
import { attachment } from '../../lib/xlsx-template.js';
import { signedIn } from '../../plugins/auth.js';
import { XLSX_MIME } from '../crud/crud.export.js';
import type { VirtualDeviceService } from './virtual-device.service.js';

const READ = { permission: 'system.device' };
const WRITE = { permission: writeCode('system.device') };
const tags = ['virtual-device'];

/** A refused import: the failure envelope with every row problem in data, as the device import answers. */
const importRefusedSchema = failureEnvelopeSchema.extend({ data: z.array(virtualImportProblemSchema).optional() });

export function virtualDeviceRoutes(app: App, virtuals: VirtualDeviceService): void {
  app.route({
    ...endpointRoute(deviceEndpoints.getAllWithVirtual, {
      tags,
      summary: 'Every device the caller sees with its virtual devices',
    }),
    config: READ,
    handler: async (request) => ok(await virtuals.devicesWithVirtual(signedIn(request))),
  });

  app.route({
    ...endpointRoute(virtualDeviceEndpoints.list, {
      tags,
      summary: 'Virtual devices, paged, by device and name or code',
    }),
    config: READ,
    handler: async (request) => ok(await virtuals.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(virtualDeviceEndpoints.add, { tags, summary: 'Add a virtual device' }),
    config: WRITE,
    handler: async (request) => ok(await virtuals.add(request.body)),
  });

  app.route({
    ...endpointRoute(virtualDeviceEndpoints.update, { tags, summary: 'Update a virtual device' }),
    config: WRITE,
    handler: async (request) => {
      const { id, ...input } = request.body;
      return ok(await virtuals.update(id, input));
    },
  });

  app.route({
    ...endpointRoute(virtualDeviceEndpoints.remove, { tags, summary: 'Delete a virtual device' }),
    config: { ...WRITE, operationLog: true },
    handler: async (request) => {
      await virtuals.remove(request.query.id);
      return ok(null);
    },
  });

  // multipart/form-data is parsed by @fastify/multipart, registered for the whole app with the upload size limit.
  app.post(
    VIRTUAL_DEVICE_FILE_PATHS.batAdd,
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Import virtual devices from the xlsx template (all rows or none); a refusal lists { row, field, column, message } in data',
        consumes: ['multipart/form-data'],
        response: {
          200: z.union([envelopeSchema(virtualImportResultSchema), importRefusedSchema]),
          '4xx': failureEnvelopeSchema,
          '5xx': failureEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const file = await request.file();
      if (!file) throw new DomainError('virtualImportUnreadable');
      // Read as it arrives; past LIMITS.uploadMaxBytes this throws a 413, answered '文件过大！' by the error handler,
      // as it answers a file that is no virtual-device workbook (XlsxImportError) and the refusal, in the caller's language.
      const outcome = await virtuals.importXlsx(uploadedChunks(file));
      if (!outcome.ok) {
        throw new DomainError(
          'virtualImportProblems',
          outcome.problems,
          importReportParams(outcome.problems, 'deviceDetail.virtual'),
        );
      }
      const added = outcome.added;
      return ok({ added }, messageText(languageOf(request), 'virtualDevicesImported', { count: added }));
    },
  );

  app.get(
    VIRTUAL_DEVICE_FILE_PATHS.template,
    {
      config: READ,
      schema: {
        tags,
        summary: 'The virtual-device import template (xlsx): the header row and an example row',
        response: fileResponses('xlsx workbook'),
      },
    },
    async (_request, reply) =>
      reply
        .type(XLSX_MIME)
        .header('content-disposition', attachment('virtual-device-import-template.xlsx', '虚拟设备导入模板.xlsx'))
        .send(Readable.from([await virtuals.template()])),
  );
}
