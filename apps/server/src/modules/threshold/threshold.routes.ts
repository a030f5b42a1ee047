import {
  alarmStrategyInputSchema,
  alarmStrategyQuerySchema,
  alarmStrategySchema,
  idParamSchema,
  pageSchema,
  surfaceWaterLimitSchema,
  thresholdInputSchema,
  thresholdQuerySchema,
  thresholdSchema,
  thresholdUpdateSchema,
  waterThresholdQuerySchema,
  writeCode,
} from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { ThresholdService } from './threshold.service.js';

const THRESHOLD = '/manager/alarm/threshold/rest';
const STRATEGY = '/manager/system/alarm/strategy/rest';
const WATER_LIMIT = '/manager/settings/surfactwaterlimit/rest';
const PAGE = 'settings.threshold';
const READ = { permission: PAGE };
const WRITE = { permission: writeCode(PAGE) };
/** The water screen reads the thresholds and class limits too. */
const WATER_READ = { permission: [PAGE, 'realtime.water'] };

/** Alarm thresholds, alarm strategies and surface-water limits (SPEC section 7). */
export function thresholdRoutes(app: App, thresholds: ThresholdService): void {
  const tags = ['threshold'];

  app.get(
    `${THRESHOLD}/getAll`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Thresholds, paged, by device, factor and project',
        querystring: thresholdQuerySchema,
        response: envelopeResponses(pageSchema(thresholdSchema)),
      },
    },
    async (request) => ok(await thresholds.list(request.query, signedIn(request))),
  );

  app.get(
    `${THRESHOLD}/getAllWaterThreshold`,
    {
      config: WATER_READ,
      schema: {
        tags,
        summary: 'The thresholds of water factors with their derived symbol (DESC, ASC, ph)',
        querystring: waterThresholdQuerySchema,
        response: envelopeResponses(z.array(thresholdSchema)),
      },
    },
    async (request) => ok(await thresholds.water(request.query, signedIn(request))),
  );

  app.get(
    `${THRESHOLD}/get`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'One threshold',
        querystring: idParamSchema,
        response: envelopeResponses(thresholdSchema),
      },
    },
    async (request) => ok(await thresholds.get(request.query.id, signedIn(request))),
  );

  app.post(
    `${THRESHOLD}/add`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Add a threshold (one per device × factor × overflow type)',
        body: thresholdInputSchema,
        response: envelopeResponses(thresholdSchema),
      },
    },
    async (request) => ok(await thresholds.add(request.body)),
  );

  app.post(
    `${THRESHOLD}/update`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Update a threshold',
        body: thresholdUpdateSchema,
        response: envelopeResponses(thresholdSchema),
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(await thresholds.update(id, input));
    },
  );

  app.get(
    `${THRESHOLD}/delete`,
    {
      config: { ...WRITE, operationLog: true },
      schema: {
        tags,
        summary: 'Delete a threshold',
        querystring: idParamSchema,
        response: envelopeResponses(z.null()),
      },
    },
    async (request) => {
      await thresholds.remove(request.query.id);
      return ok(null);
    },
  );

  app.get(
    `${WATER_LIMIT}/getAll`,
    {
      config: WATER_READ,
      schema: {
        tags,
        summary: 'Surface-water class I–V limits (GB 3838-2002) per factor',
        response: envelopeResponses(z.array(surfaceWaterLimitSchema)),
      },
    },
    async () => ok(await thresholds.waterLimits()),
  );

  app.get(
    `${STRATEGY}/getAll`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Alarm strategies (of a device, of an alarm type)',
        querystring: alarmStrategyQuerySchema,
        response: envelopeResponses(z.array(alarmStrategySchema)),
      },
    },
    async (request) => ok(await thresholds.strategies(request.query, signedIn(request))),
  );

  app.get(
    `${STRATEGY}/get`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'One alarm strategy',
        querystring: idParamSchema,
        response: envelopeResponses(alarmStrategySchema),
      },
    },
    async (request) => ok(await thresholds.strategy(request.query.id, signedIn(request))),
  );

  app.post(
    `${STRATEGY}/update`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Create or replace the strategy of a device × alarm type',
        body: alarmStrategyInputSchema,
        response: envelopeResponses(alarmStrategySchema),
      },
    },
    async (request) => ok(await thresholds.saveStrategy(request.body)),
  );

  app.get(
    `${STRATEGY}/delete`,
    {
      config: { ...WRITE, operationLog: true },
      schema: {
        tags,
        summary: 'Delete an alarm strategy (the type falls back to the defaults)',
        querystring: idParamSchema,
        response: envelopeResponses(z.null()),
      },
    },
    async (request) => {
      await thresholds.removeStrategy(request.query.id);
      return ok(null);
    },
  );
}
