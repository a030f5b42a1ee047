import { PassThrough } from 'node:stream';
import { exportEndpoints, exportFlagSchema, exportLinkSchema, PUBLIC, SIGNED_IN } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../app-types.js';
import type { Clock } from '../lib/clock.js';
import { DownloadTickets, type TicketHolder } from '../lib/download-ticket.js';
import { endpointRoute } from '../lib/endpoint-route.js';
import { envelopeResponses, fileResponses, ok } from '../lib/envelope.js';
import { DomainError, forbidden, notSignedIn } from '../lib/errors.js';
import { ExportProgressRegistry } from '../lib/export-progress.js';
import type { XlsxWorkbookPlan } from '../lib/xlsx-export.js';
import { writeXlsxWorkbook } from '../lib/xlsx-export.js';
import { attachment } from '../lib/xlsx-template.js';
import { XLSX_MIME } from '../modules/crud/crud.export.js';
import type { RoleService } from '../modules/role/role.service.js';
import { type Access, decide, type Reach } from '../modules/session/permission.js';
import { signedIn } from './auth.js';
import type { RoutePermission } from './route-permissions.js';

/** Who downloads: the ticket's holder, their rights (some exports show more to some) and their device reach. */
export interface ExportCaller extends TicketHolder, Access, Reach {}

/** A query or report's export: `${path}` answers the link, `${path}/download` the file. */
export interface XlsxDownloadRoute<S extends z.ZodObject> {
  path: string;
  permission: RoutePermission;
  tags: string[];
  /** What the file holds (the OpenAPI summary of the download). */
  summary: string;
  /** The screen's filters; the same schema validates both steps. */
  querystring: S;
  /**
   * Reads what the file needs before the response starts, so that a failing query still answers
   * with an envelope ('导出失败!'); sheets whose rows are generators read the rest while streaming.
   */
  plan(query: z.infer<S>, caller: ExportCaller): Promise<XlsxWorkbookPlan>;
}

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** The download url's query: the filters that narrow the export, nothing blank (SPEC section 7). */
function linkParams(filters: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (String(item).trim() !== '') params.append(name, String(item));
    }
  }
  return params;
}

/**
 * The spec's two-step export (SPEC section 7 'Export and templates') for every query and report:
 * step 1, a GET with exportSpecialFlag=1 and the screen's filters, answers with a download link that
 * carries a one-minute single-use ticket (not the token) and the non-empty filters, and a progress
 * id; step 2 streams the xlsx, counting its rows for GET /data/export/rest/progress, so a long
 * export shows how far it got and is never cut off by a request timeout.
 */
export class XlsxDownloads {
  private readonly tickets: DownloadTickets;
  readonly progress: ExportProgressRegistry;

  constructor(
    private readonly app: App,
    private readonly roles: RoleService,
    private readonly clock: Clock,
  ) {
    this.tickets = new DownloadTickets(clock);
    this.progress = new ExportProgressRegistry(clock);
    app.route({
      ...endpointRoute(exportEndpoints.progress, {
        tags: ['export'],
        summary:
          "An export's rows written so far (of total when known) and its state; only for the user who started it",
      }),
      config: { permission: SIGNED_IN },
      handler: (request) => {
        const progress = this.progress.read(request.query.id, signedIn(request).userId);
        if (!progress) throw new DomainError('notFound');
        return ok(progress);
      },
    });
  }

  register<S extends z.ZodObject>(route: XlsxDownloadRoute<S>): void {
    const { path, permission, tags, querystring } = route;
    const downloadPath = `${path}/download`;
    this.app.get(
      path,
      {
        config: { permission },
        schema: {
          tags,
          summary:
            'Export step 1 (exportSpecialFlag=1 and the filters): the download link, with a one-minute single-use ticket and the non-empty filters, and a progress id',
          querystring: querystring.extend(exportFlagSchema.shape),
          response: envelopeResponses(exportLinkSchema),
        },
      },
      (request) => {
        const { exportSpecialFlag: _flag, ...filters } = request.query;
        const { userId, userName } = signedIn(request);
        const params = linkParams(filters);
        const progress = this.progress.create(userId);
        params.set('ticket', this.tickets.issue({ userId, userName }, path));
        params.set('progress', progress);
        return ok({ url: `${downloadPath}?${params.toString()}`, progress });
      },
    );

    const downloadQuery = querystring.extend({ ticket: z.string().min(1), progress: z.string().min(1).max(64) });
    this.app.get(
      downloadPath,
      {
        // The ticket is the credential: a download the browser follows sends no token header.
        config: { permission: PUBLIC },
        schema: {
          tags,
          summary: `Export step 2: ${route.summary}, as xlsx; the ticket works once, for a minute`,
          querystring: downloadQuery,
          response: fileResponses('xlsx workbook'),
        },
      },
      async (request, reply) => {
        const { ticket, progress, ...filters } = request.query as { ticket: string; progress: string };
        const holder = this.tickets.redeem(ticket, path);
        if (!holder) throw notSignedIn();
        // The right may have been taken away since the ticket was issued.
        const access = await this.roles.accessOf(holder.userId);
        if (decide(permission, access) !== 'allow') throw forbidden();

        let plan: XlsxWorkbookPlan;
        try {
          plan = await route.plan(filters as z.infer<S>, { ...holder, ...access });
        } catch (err) {
          this.progress.finish(progress, 'failed');
          // A refusal (a device out of scope, a range too long) says why; anything else is logged.
          if (err instanceof DomainError) throw err;
          request.log.error({ err, path }, 'export failed');
          throw new DomainError('exportFailed');
        }
        this.progress.start(progress, plan.total ?? null);
        const body = new PassThrough();
        writeXlsxWorkbook(body, plan.sheets, (rows) => this.progress.advance(progress, rows))
          .then(() => this.progress.finish(progress, 'done'))
          .catch((err: unknown) => {
            request.log.error({ err, path }, 'export failed');
            this.progress.finish(progress, 'failed');
            body.destroy(err instanceof Error ? err : new Error(String(err)));
          });
        const suffix = `-${stamp(this.clock.now())}.xlsx`;
        return reply
          .type(XLSX_MIME)
          .header('content-disposition', attachment(plan.fileName.ascii + suffix, plan.fileName.display + suffix))
          .send(body);
      },
    );
  }
}
