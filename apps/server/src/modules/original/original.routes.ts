import {
  originalPageSchema,
  originalParsedScopedQuerySchema,
  originalParsedSchema,
  originalScopedFilterSchema,
  originalScopedQuerySchema,
  otherExportSchema,
  otherResultSchema,
  otherScopedQuerySchema,
} from '@envmon/shared';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { signedIn } from '../../plugins/auth.js';
import type { ScopeReader } from '../device/device-scope.js';
import { mayEditDevices } from '../device/device.routes.js';
import type { Access } from '../session/permission.js';
import type { OriginalCaller, OriginalService } from './original.service.js';

const ORIGINAL = '/data/original/rest';
const OTHER = '/data/other/rest';
export const ORIGINAL_PERMISSION = 'query.original';
export const OTHER_PERMISSION = 'query.other';
const tags = ['original'];

/** Station passwords in packets are shown only to those who may edit devices (issue 13). */
function originalCaller(caller: ScopeReader & Access): OriginalCaller {
  return { ...caller, seesStationPasswords: mayEditDevices(caller) };
}

/**
 * The original-packet query (every received packet, parsed on demand), its export, and the 'other' station
 * state with its export. Every read is scoped like the device list (device-scope.ts); packets of no known
 * device (unknown MN, unparsable) are shown to administrators only — they belong to no project; station
 * passwords in them only to those who may edit devices.
 */
export function originalRoutes(app: App, original: OriginalService, downloads: XlsxDownloads): void {
  app.get(
    `${ORIGINAL}/get`,
    {
      config: { permission: ORIGINAL_PERMISSION },
      schema: {
        tags,
        summary:
          'Received packets, newest first, paged: beginTime/endTime (≤ 31 days) required; deviceId, mn, cn, status (accepted/rejected); scoped by projectId/ifFilter and bound devices, unknown-MN packets for administrators only, station passwords (PW) masked for those who may not edit devices',
        querystring: originalScopedQuerySchema,
        response: envelopeResponses(originalPageSchema),
      },
    },
    async (request) => ok(await original.list(request.query, originalCaller(signedIn(request)))),
  );

  app.get(
    `${ORIGINAL}/getParsed`,
    {
      config: { permission: ORIGINAL_PERMISSION },
      schema: {
        tags,
        summary: "One packet's raw text parsed into header, CP and per-factor fields, or the codec's error",
        querystring: originalParsedScopedQuerySchema,
        response: envelopeResponses(originalParsedSchema),
      },
    },
    async (request) => ok(await original.parsed(request.query.id, request.query, originalCaller(signedIn(request)))),
  );

  downloads.register({
    path: `${ORIGINAL}/export`,
    permission: ORIGINAL_PERMISSION,
    tags,
    summary: 'the matching packets (Chinese headers)',
    querystring: originalScopedFilterSchema,
    plan: (filter, caller) => original.exportPlan(filter, originalCaller(caller)),
  });

  app.get(
    `${OTHER}/get`,
    {
      config: { permission: OTHER_PERMISSION },
      schema: {
        tags,
        summary:
          "A device's station state parsed from its stored packets: kind runState (2021 SBxxx-RS), runTime (2041 SBxxx-RT), restart (2081 RestartTime), info (3020 PolId/InfoId); range ≤ 31 days",
        querystring: otherScopedQuerySchema,
        response: envelopeResponses(otherResultSchema),
      },
    },
    async (request) => ok(await original.other(request.query, signedIn(request))),
  );

  downloads.register({
    path: `${OTHER}/export`,
    permission: OTHER_PERMISSION,
    tags,
    summary: "the kind's station-state rows with the screen's columns",
    querystring: otherExportSchema,
    plan: (query, caller) => original.otherExportPlan(query, caller),
  });
}
