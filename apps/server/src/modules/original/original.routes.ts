import { queryEndpoints } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import type { XlsxDownloads } from '../../plugins/xlsx-download.js';
import { signedIn } from '../../plugins/auth.js';
import type { ScopeReader } from '../device/device-scope.js';
import { mayEditDevices } from '../device/device.routes.js';
import type { Access } from '../session/permission.js';
import type { OriginalCaller, OriginalService } from './original.service.js';

export const ORIGINAL_PERMISSION = 'query.original';
export const OTHER_PERMISSION = 'query.other';
const tags = ['original'];
const { original: originalCalls, other: otherCalls } = queryEndpoints;

/** Station passwords in packets are shown only to those who may edit devices (issue 13). */
function originalCaller(caller: ScopeReader & Access): OriginalCaller {
  return { ...caller, seesStationPasswords: mayEditDevices(caller) };
}

/**
 * The original-packet query (every received packet, parsed on demand), its export, and the 'other' station
 * state with its export. Every read is scoped like the device list (device-scope.ts); packets of no known
 * device (unknown MN, unparsable) are shown to administrators only — they belong to no project; station
 * passwords in them only to those who may edit devices. Paths and schemas: queryEndpoints.original and .other.
 */
export function originalRoutes(app: App, original: OriginalService, downloads: XlsxDownloads): void {
  app.route({
    ...endpointRoute(originalCalls.list, {
      tags,
      summary:
        'Received packets, newest first, paged: beginTime/endTime (≤ 31 days) required; deviceId, mn, cn, status (accepted/rejected); scoped by projectId/ifFilter and bound devices, unknown-MN packets for administrators only, station passwords (PW) masked for those who may not edit devices',
    }),
    config: { permission: ORIGINAL_PERMISSION },
    handler: async (request) => ok(await original.list(request.query, originalCaller(signedIn(request)))),
  });

  app.route({
    ...endpointRoute(originalCalls.parsed, {
      tags,
      summary: "One packet's raw text parsed into header, CP and per-factor fields, or the codec's error",
    }),
    config: { permission: ORIGINAL_PERMISSION },
    handler: async (request) =>
      ok(await original.parsed(request.query.id, request.query, originalCaller(signedIn(request)))),
  });

  downloads.register({
    path: originalCalls.export.path,
    permission: ORIGINAL_PERMISSION,
    tags,
    summary: 'the matching packets (Chinese headers)',
    querystring: originalCalls.export.query,
    plan: (filter, caller) => original.exportPlan(filter, originalCaller(caller)),
  });

  app.route({
    ...endpointRoute(otherCalls.read, {
      tags,
      summary:
        "A device's station state parsed from its stored packets: kind runState (2021 SBxxx-RS), runTime (2041 SBxxx-RT), restart (2081 RestartTime), info (3020 PolId/InfoId); range ≤ 31 days",
    }),
    config: { permission: OTHER_PERMISSION },
    handler: async (request) => ok(await original.other(request.query, signedIn(request))),
  });

  downloads.register({
    path: otherCalls.export.path,
    permission: OTHER_PERMISSION,
    tags,
    summary: "the kind's station-state rows with the screen's columns",
    querystring: otherCalls.export.query,
    plan: (query, caller) => original.otherExportPlan(query, caller),
  });
}
