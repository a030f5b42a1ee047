import { alarmStrategyEndpoints, surfaceWaterLimitEndpoints, thresholdEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { ThresholdService } from './threshold.service.js';

const PAGE = 'settings.threshold';
const READ = { permission: PAGE };
const WRITE = { permission: writeCode(PAGE) };
/** The water screen reads the thresholds and class limits too. */
const WATER_READ = { permission: [PAGE, 'realtime.water'] };

/**
 * Alarm thresholds, alarm strategies and surface-water limits (SPEC section 7; the settings screen's calls are
 * declared in thresholdEndpoints, alarmStrategyEndpoints and surfaceWaterLimitEndpoints).
 */
export function thresholdRoutes(app: App, thresholds: ThresholdService): void {
  const tags = ['threshold'];

  app.route({
    ...endpointRoute(thresholdEndpoints.list, { tags, summary: 'Thresholds, paged, by device, factor and project' }),
    config: READ,
    handler: async (request) => ok(await thresholds.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(thresholdEndpoints.getAllWaterThreshold, {
      tags,
      summary: 'The thresholds of water factors with their derived symbol (DESC, ASC, ph)',
    }),
    config: WATER_READ,
    handler: async (request) => ok(await thresholds.water(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(thresholdEndpoints.get, { tags, summary: 'One threshold' }),
    config: READ,
    handler: async (request) => ok(await thresholds.get(request.query.id, signedIn(request))),
  });

  app.route({
    ...endpointRoute(thresholdEndpoints.add, {
      tags,
      summary: 'Add a threshold (one per device × factor × overflow type)',
    }),
    config: WRITE,
    handler: async (request) => ok(await thresholds.add(request.body)),
  });

  app.route({
    ...endpointRoute(thresholdEndpoints.update, { tags, summary: 'Update a threshold' }),
    config: WRITE,
    handler: async (request) => {
      const { id, ...input } = request.body;
      return ok(await thresholds.update(id, input));
    },
  });

  app.route({
    ...endpointRoute(thresholdEndpoints.remove, { tags, summary: 'Delete a threshold' }),
    config: { ...WRITE, operationLog: true },
    handler: async (request) => {
      await thresholds.remove(request.query.id);
      return ok(null);
    },
  });

  app.route({
    ...endpointRoute(surfaceWaterLimitEndpoints.getAll, {
      tags,
      summary: 'Surface-water class I–V limits (GB 3838-2002) per factor',
    }),
    config: WATER_READ,
    handler: async () => ok(await thresholds.waterLimits()),
  });

  app.route({
    ...endpointRoute(alarmStrategyEndpoints.list, {
      tags,
      summary: 'Alarm strategies (of a device, of an alarm type)',
    }),
    config: READ,
    handler: async (request) => ok(await thresholds.strategies(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(alarmStrategyEndpoints.get, { tags, summary: 'One alarm strategy' }),
    config: READ,
    handler: async (request) => ok(await thresholds.strategy(request.query.id, signedIn(request))),
  });

  app.route({
    ...endpointRoute(alarmStrategyEndpoints.update, {
      tags,
      summary: 'Create or replace the strategy of a device × alarm type',
    }),
    config: WRITE,
    handler: async (request) => ok(await thresholds.saveStrategy(request.body)),
  });

  app.route({
    ...endpointRoute(alarmStrategyEndpoints.remove, {
      tags,
      summary: 'Delete an alarm strategy (the type falls back to the defaults)',
    }),
    config: { ...WRITE, operationLog: true },
    handler: async (request) => {
      await thresholds.removeStrategy(request.query.id);
      return ok(null);
    },
  });
}
