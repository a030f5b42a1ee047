import { Readable } from 'node:stream';
import {
  DEVOPS_FILE_PATHS,
  devopsEndpoints,
  devopsFileSchema,
  idParamSchema,
  idSchema,
  writeCode,
} from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { envelopeResponses, fileResponses, ok } from '../../lib/envelope.js';
import { DomainError } from '../../lib/errors.js';
import { uploadedBuffer } from '../../lib/upload.js';
import { attachmentOf } from '../../lib/xlsx-template.js';
import { signedIn } from '../../plugins/auth.js';
import type { DevopsService } from './devops.service.js';

export const DEVOPS_PERMISSION = 'settings.devops';
const READ = { permission: DEVOPS_PERMISSION };
const WRITE = { permission: writeCode(DEVOPS_PERMISSION) };
/** The delete is a GET that changes data: logged like the POSTs. */
const DELETE = { ...WRITE, operationLog: true };
const tags = ['devops'];

/**
 * Settings › DevOps (SPEC section 7 'devops': upload, add, update, delete, get, deleteFile by DELETE): maintenance
 * records of the stations and their attachments, which `file` sends back as they were uploaded (paths and schemas
 * of the JSON calls: devopsEndpoints).
 */
export function devopsRoutes(app: App, devops: DevopsService): void {
  app.route({
    ...endpointRoute(devopsEndpoints.list, {
      tags,
      summary:
        'Maintenance records, paged, newest visit first, by device, kind and start time (beginTime–endTime), of the devices in scope (projectId, ifFilter=1), with their attachments’ metadata',
    }),
    config: READ,
    handler: async (request) => ok(await devops.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(devopsEndpoints.add, {
      tags,
      summary:
        'File a maintenance record: device, kind, start (and end, not before it), maintainer (≤ 32), content (≤ 1000)',
    }),
    config: WRITE,
    handler: async (request) => ok(await devops.add(request.body, signedIn(request).userName)),
  });

  app.route({
    ...endpointRoute(devopsEndpoints.update, { tags, summary: 'Edit a maintenance record' }),
    config: WRITE,
    handler: async (request) => ok(await devops.update(request.body)),
  });

  app.route({
    ...endpointRoute(devopsEndpoints.remove, { tags, summary: 'Delete a maintenance record with its attachments' }),
    config: DELETE,
    handler: async (request) => {
      await devops.remove(request.query.id);
      return ok(null);
    },
  });

  app.post(
    DEVOPS_FILE_PATHS.upload,
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Attach a file to a record (multipart: the recordId field, then one file): jpg, png, webp, pdf, xlsx, docx or txt, up to the upload limit, at most 10 a record',
        consumes: ['multipart/form-data'],
        response: envelopeResponses(devopsFileSchema),
      },
    },
    async (request) => {
      const file = await request.file();
      if (!file) throw new DomainError('devopsFileMissing');
      // Past LIMITS.uploadMaxBytes this throws a 413, answered '文件过大！' by the error handler.
      const content = await uploadedBuffer(file);
      // Fields are read as they come: recordId must precede the file in the form.
      const field = file.fields.recordId;
      const recordId = idSchema.safeParse(field && !Array.isArray(field) && field.type === 'field' ? field.value : '');
      if (!recordId.success) throw new DomainError('invalidInput');
      return ok(await devops.upload({ recordId: recordId.data, fileName: file.filename, content }));
    },
  );

  app.route({
    ...endpointRoute(devopsEndpoints.removeFile, { tags, summary: 'Delete one attachment' }),
    config: WRITE,
    handler: async (request) => {
      await devops.removeFile(request.query.id);
      return ok(null);
    },
  });

  app.get(
    DEVOPS_FILE_PATHS.file,
    {
      config: READ,
      schema: {
        tags,
        summary: 'One attachment’s bytes, as an attachment (the console fetches it with the token header)',
        querystring: idParamSchema,
        response: fileResponses('the attachment'),
      },
    },
    async (request, reply) => {
      const file = await devops.file(request.query.id, signedIn(request));
      return reply
        .type(file.mimeType)
        .header('content-disposition', attachmentOf(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from([file.content]));
    },
  );
}
