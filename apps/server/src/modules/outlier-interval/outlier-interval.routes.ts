import { outlierIntervalEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { OutlierIntervalService } from './outlier-interval.service.js';

export const OUTLIER_INTERVAL_PERMISSION = 'water.outlier-interval';
const READ = { permission: OUTLIER_INTERVAL_PERMISSION };
const WRITE = { permission: writeCode(OUTLIER_INTERVAL_PERMISSION) };

/** Water station › outlier interval (issue 19; paths and schemas: outlierIntervalEndpoints). */
export function outlierIntervalRoutes(app: App, intervals: OutlierIntervalService): void {
  const tags = ['outlierInterval'];

  app.route({
    ...endpointRoute(outlierIntervalEndpoints.list, {
      tags,
      summary:
        'Outlier intervals, paged, by device, factor and level: the factors’ (every station) and those of the ' +
        'stations in scope (projectId, ifFilter=1)',
    }),
    config: READ,
    handler: async (request) => ok(await intervals.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(outlierIntervalEndpoints.update, {
      tags,
      summary:
        'Add (no id) or edit an interval: ABN and the WN interval inside it, all year or some months (one interval ' +
        'per factor or station factor and month); ingest uses it at once',
    }),
    config: WRITE,
    handler: async (request) => ok(await intervals.save(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(outlierIntervalEndpoints.remove, { tags, summary: 'Delete an interval' }),
    // A GET that changes data: logged like the POSTs.
    config: { ...WRITE, operationLog: true },
    handler: async (request) => {
      await intervals.remove(request.query.id, signedIn(request));
      return ok(null);
    },
  });

  app.route({
    ...endpointRoute(outlierIntervalEndpoints.apply, {
      tags,
      summary:
        'Re-judge the stored values (platform flag N, WN or ABN) of devices, factors and kinds in a range with the ' +
        'intervals as they are; answers the recorded application with how many values were examined and changed',
    }),
    config: WRITE,
    handler: async (request) => ok(await intervals.apply(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(outlierIntervalEndpoints.applications, {
      tags,
      summary: 'The applications, newest first (a user bound to devices: their own)',
    }),
    config: READ,
    handler: async (request) => ok(await intervals.applications(request.query, signedIn(request))),
  });
}
