import { PassThrough } from 'node:stream';
import {
  exportFlagSchema,
  originalFilterSchema,
  originalPageSchema,
  originalParsedQuerySchema,
  originalParsedSchema,
  originalQuerySchema,
  otherQuerySchema,
  otherResultSchema,
  PUBLIC,
  type OriginalFilter,
  type OriginalPacket,
} from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, fileResponses, ok } from '../../lib/envelope.js';
import { DomainError, forbidden, notSignedIn } from '../../lib/errors.js';
import { attachment } from '../../lib/xlsx-template.js';
import { signedIn } from '../../plugins/auth.js';
import { XLSX_MIME } from '../crud/crud.export.js';
import type { RoleService } from '../role/role.service.js';
import { decide } from '../session/permission.js';
import type { OriginalService } from './original.service.js';

const ORIGINAL = '/data/original/rest';
const OTHER = '/data/other/rest';
export const ORIGINAL_EXPORT_DOWNLOAD_PATH = `${ORIGINAL}/export/download`;
export const ORIGINAL_PERMISSION = 'query.original';
export const OTHER_PERMISSION = 'query.other';
const tags = ['original'];

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** The download url's query: the filters that narrow the export, nothing blank (SPEC section 7). */
function filterParams(filter: OriginalFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(name, String(value));
  }
  return params;
}

/** The original-packet query (every received packet, parsed on demand), its export, and the 'other' station state. */
export function originalRoutes(app: App, original: OriginalService, roles: RoleService): void {
  app.get(
    `${ORIGINAL}/get`,
    {
      config: { permission: ORIGINAL_PERMISSION },
      schema: {
        tags,
        summary:
          'Received packets, newest first, paged: beginTime/endTime (≤ 31 days) required; deviceId, mn, cn, status (accepted/rejected)',
        querystring: originalQuerySchema,
        response: envelopeResponses(originalPageSchema),
      },
    },
    async (request) => ok(await original.list(request.query)),
  );

  app.get(
    `${ORIGINAL}/getParsed`,
    {
      config: { permission: ORIGINAL_PERMISSION },
      schema: {
        tags,
        summary: "One packet's raw text parsed into header, CP and per-factor fields, or the codec's error",
        querystring: originalParsedQuerySchema,
        response: envelopeResponses(originalParsedSchema),
      },
    },
    async (request) => ok(await original.parsed(request.query.id)),
  );

  app.get(
    `${ORIGINAL}/export`,
    {
      config: { permission: ORIGINAL_PERMISSION },
      schema: {
        tags,
        summary:
          "Export step 1 (exportSpecialFlag=1 and get's filters): the download link, with a one-minute single-use ticket and the non-empty filters",
        querystring: originalFilterSchema.and(exportFlagSchema),
        response: envelopeResponses(z.object({ url: z.string() })),
      },
    },
    (request) => {
      const { exportSpecialFlag: _flag, ...filter } = request.query;
      const { userId, userName } = signedIn(request);
      const params = filterParams(filter);
      params.set('ticket', original.issueExportTicket({ userId, userName }));
      return ok({ url: `${ORIGINAL_EXPORT_DOWNLOAD_PATH}?${params.toString()}` });
    },
  );

  app.get(
    ORIGINAL_EXPORT_DOWNLOAD_PATH,
    {
      // The ticket is the credential: a window opened by the console sends no token header.
      config: { permission: PUBLIC },
      schema: {
        tags,
        summary: 'Export step 2: the matching packets as xlsx (Chinese headers); the ticket works once, for a minute',
        querystring: originalFilterSchema.and(z.object({ ticket: z.string().min(1) })),
        response: fileResponses('xlsx workbook'),
      },
    },
    async (request, reply) => {
      const { ticket, ...filter } = request.query;
      const holder = original.redeemExportTicket(ticket);
      if (!holder) throw notSignedIn();
      // The right may have been taken away since the ticket was issued.
      if (decide(ORIGINAL_PERMISSION, await roles.accessOf(holder.userId)) !== 'allow') throw forbidden();

      const pages = original.exportPages(filter);
      // The first page is read before the response starts, so a failing query still gets an envelope.
      let first: IteratorResult<OriginalPacket[]>;
      try {
        first = await pages.next();
      } catch (err) {
        request.log.error({ err }, 'original packet export failed');
        throw new DomainError('exportFailed');
      }
      async function* all() {
        if (!first.done) yield first.value;
        yield* pages;
      }
      const body = new PassThrough();
      original.writeExport(body, all()).catch((err: unknown) => {
        request.log.error({ err }, 'original packet export failed');
        body.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      const name = `original-${stamp(Date.now())}.xlsx`;
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', attachment(name, `原始报文-${name.slice(9)}`))
        .send(body);
    },
  );

  app.get(
    `${OTHER}/get`,
    {
      config: { permission: OTHER_PERMISSION },
      schema: {
        tags,
        summary:
          "A device's station state parsed from its stored packets: kind runState (2021 SBxxx-RS), runTime (2041 SBxxx-RT), restart (2081 RestartTime), info (3020 PolId/InfoId); range ≤ 31 days",
        querystring: otherQuerySchema,
        response: envelopeResponses(otherResultSchema),
      },
    },
    async (request) => ok(await original.other(request.query)),
  );
}
