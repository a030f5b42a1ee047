import {
  deviceWithVirtualSchema,
  idParamSchema,
  MESSAGES,
  pageSchema,
  virtualDeviceInputSchema,
  virtualDeviceListQuerySchema,
  virtualDeviceSchema,
  virtualDeviceUpdateSchema,
  virtualImportResultSchema,
  writeCode,
} from '@envmon/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, failure, ok } from '../../lib/envelope.js';
import { XlsxImportError } from '../../lib/xlsx-import.js';
import type { VirtualDeviceService } from './virtual-device.service.js';

const VIRTUAL = '/manager/system/device/virtual/rest';
const READ = { permission: 'system.device' };
const WRITE = { permission: writeCode('system.device') };
const tags = ['virtual-device'];

/** A refused upload: HTTP 200 with the failure envelope, outside the route's success schema. */
function refuse(reply: FastifyReply, desc: string, data?: unknown) {
  return reply
    .code(200)
    .serializer((payload) => JSON.stringify(payload))
    .send(failure(desc, data));
}

export function virtualDeviceRoutes(app: App, virtuals: VirtualDeviceService): void {
  app.get(
    '/manager/system/device/rest/getAllWithVirtual',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Every device with its virtual devices',
        response: envelopeResponses(z.array(deviceWithVirtualSchema)),
      },
    },
    async () => ok(await virtuals.devicesWithVirtual()),
  );

  app.get(
    `${VIRTUAL}/get`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Virtual devices, paged, by device and name or code',
        querystring: virtualDeviceListQuerySchema,
        response: envelopeResponses(pageSchema(virtualDeviceSchema)),
      },
    },
    async (request) => ok(await virtuals.list(request.query)),
  );

  app.post(
    `${VIRTUAL}/add`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Add a virtual device',
        body: virtualDeviceInputSchema,
        response: envelopeResponses(virtualDeviceSchema),
      },
    },
    async (request) => ok(await virtuals.add(request.body)),
  );

  app.post(
    `${VIRTUAL}/update`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Update a virtual device',
        body: virtualDeviceUpdateSchema,
        response: envelopeResponses(virtualDeviceSchema),
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(await virtuals.update(id, input));
    },
  );

  app.get(
    `${VIRTUAL}/delete`,
    {
      config: { ...WRITE, operationLog: true },
      schema: {
        tags,
        summary: 'Delete a virtual device',
        querystring: idParamSchema,
        response: envelopeResponses(z.null()),
      },
    },
    async (request) => {
      await virtuals.remove(request.query.id);
      return ok(null);
    },
  );

  // multipart/form-data is parsed by @fastify/multipart, registered for the whole app with the upload size limit.
  app.post(
    `${VIRTUAL}/batAdd`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Import virtual devices from the xlsx template (all rows or none; problems listed by row)',
        consumes: ['multipart/form-data'],
        response: envelopeResponses(virtualImportResultSchema),
      },
    },
    async (request, reply) => {
      const file = await request.file();
      if (!file) return refuse(reply, MESSAGES.virtualImportUnreadable);
      const data = await file.toBuffer();
      try {
        const outcome = await virtuals.importXlsx(data);
        if (!outcome.ok) return refuse(reply, outcome.desc, { problems: outcome.problems });
        return ok({ added: outcome.added });
      } catch (err) {
        if (err instanceof XlsxImportError) return refuse(reply, err.message);
        throw err;
      }
    },
  );
}
