import { PassThrough } from 'node:stream';
import {
  alarmCurrentQuerySchema,
  alarmFilterSchema,
  alarmQuerySchema,
  alarmSchema,
  exportFlagSchema,
  pageSchema,
  PUBLIC,
  workOrderEventSchema,
  workOrderHistoryQuerySchema,
  workOrderUpdateSchema,
  writeCode,
  type Alarm,
  type AlarmFilter,
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
import type { AlarmService } from './alarm.service.js';

const ALARM = '/manager/alarm/rest';
const WORK_ORDER = '/manager/alarm/workorder/rest';
export const ALARM_EXPORT_DOWNLOAD_PATH = `${ALARM}/export/download`;
const PAGE = 'alarm.list';
const READ = { permission: PAGE };
const WRITE = { permission: writeCode(PAGE) };
const tags = ['alarm'];

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** The download url's query: the filters that narrow the export, nothing blank (SPEC section 7). */
function filterParams(filter: AlarmFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(name, String(value));
  }
  return params;
}

/** Current and historical alarms, their export, and work orders with their audit trail. */
export function alarmRoutes(app: App, alarms: AlarmService, roles: RoleService): void {
  app.get(
    `${ALARM}/getCurrent`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Every active alarm of the devices the caller sees (ifFilter=1: bound devices only), newest first',
        querystring: alarmCurrentQuerySchema,
        response: envelopeResponses(z.array(alarmSchema)),
      },
    },
    async (request) => ok(await alarms.current(request.query, signedIn(request).userId)),
  );

  app.get(
    `${ALARM}/get`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Alarms, current and ended, paged and filtered (beginTime/endTime bound the begin date)',
        querystring: alarmQuerySchema,
        response: envelopeResponses(pageSchema(alarmSchema)),
      },
    },
    async (request) => ok(await alarms.list(request.query, signedIn(request).userId)),
  );

  app.get(
    `${ALARM}/export`,
    {
      config: READ,
      schema: {
        tags,
        summary:
          "Export step 1 (exportSpecialFlag=1 and get's filters): the download link, with a one-minute single-use ticket and the non-empty filters",
        querystring: alarmFilterSchema.extend(exportFlagSchema.shape),
        response: envelopeResponses(z.object({ url: z.string() })),
      },
    },
    (request) => {
      const { exportSpecialFlag: _flag, ...filter } = request.query;
      const { userId, userName } = signedIn(request);
      const params = filterParams(filter);
      params.set('ticket', alarms.issueExportTicket({ userId, userName }));
      return ok({ url: `${ALARM_EXPORT_DOWNLOAD_PATH}?${params.toString()}` });
    },
  );

  app.get(
    ALARM_EXPORT_DOWNLOAD_PATH,
    {
      // The ticket is the credential: a window opened by the console sends no token header.
      config: { permission: PUBLIC },
      schema: {
        tags,
        summary: 'Export step 2: the matching alarms as xlsx (Chinese headers); the ticket works once, for a minute',
        querystring: alarmFilterSchema.extend({ ticket: z.string().min(1) }),
        response: fileResponses('xlsx workbook'),
      },
    },
    async (request, reply) => {
      const { ticket, ...filter } = request.query;
      const holder = alarms.redeemExportTicket(ticket);
      if (!holder) throw notSignedIn();
      // The right may have been taken away since the ticket was issued.
      if (decide(PAGE, await roles.accessOf(holder.userId)) !== 'allow') throw forbidden();

      const pages = alarms.exportPages(filter, holder.userId);
      // The first page is read before the response starts, so a failing query still gets an envelope.
      let first: IteratorResult<Alarm[]>;
      try {
        first = await pages.next();
      } catch (err) {
        request.log.error({ err }, 'alarm export failed');
        throw new DomainError('exportFailed');
      }
      async function* all() {
        if (!first.done) yield first.value;
        yield* pages;
      }
      const body = new PassThrough();
      alarms.writeExport(body, all()).catch((err: unknown) => {
        request.log.error({ err }, 'alarm export failed');
        body.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      const name = `alarms-${stamp(Date.now())}.xlsx`;
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', attachment(name, `告警列表-${name.slice(7)}`))
        .send(body);
    },
  );

  app.post(
    `${WORK_ORDER}/update`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Move a work order (1→2, 1→4, 2→3, 2→4 only) with a comment; answers the alarm',
        body: workOrderUpdateSchema,
        response: envelopeResponses(alarmSchema),
      },
    },
    async (request) => {
      const { userId, userName } = signedIn(request);
      return ok(await alarms.moveWorkOrder(request.body, { userId, userName }));
    },
  );

  app.get(
    `${WORK_ORDER}/getHistory`,
    {
      config: READ,
      schema: {
        tags,
        summary: "A work order's audit trail, oldest first",
        querystring: workOrderHistoryQuerySchema,
        response: envelopeResponses(z.array(workOrderEventSchema)),
      },
    },
    async (request) => ok(await alarms.workOrderHistory(request.query.alarmId)),
  );
}
