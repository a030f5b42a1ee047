import { deployClassifyQuerySchema, deployClassifySchema, SIGNED_IN } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import type { DeployClassifyService } from './deploy.service.js';

export function deployRoutes(app: App, deployClassify: DeployClassifyService): void {
  app.get(
    '/manager/system/device/deploy/classify/rest/findAll',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['deploy'],
        summary: 'Device groupings of a type (deployType=1: projects)',
        querystring: deployClassifyQuerySchema,
        response: envelopeResponses(z.array(deployClassifySchema)),
      },
    },
    async (request) => ok(await deployClassify.findAll(request.query.deployType)),
  );
}
