import { writeCode, wxAlarmEndpoints } from '@envmon/shared';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { MASK } from '../../lib/mask.js';
import { maskWebhookUrl } from './webhook.js';
import type { WxAlarmService } from './wx-alarm.service.js';

const PAGE = 'settings.wx-alarm';
const READ = { permission: PAGE };
const WRITE = { permission: writeCode(PAGE) };

/**
 * The operation log records the request body (plugins/operation-log.ts, at onSend): the webhook's
 * key and the dynamic code are masked before that, on success (preSerialization) and on failure (onError).
 */
function hideSecrets(request: FastifyRequest): void {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const masked: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof masked.webhookUrl === 'string') masked.webhookUrl = maskWebhookUrl(masked.webhookUrl);
  if (masked.dynamicCode !== undefined) masked.dynamicCode = MASK;
  request.body = masked;
}

const secretHooks = {
  preSerialization: (request: FastifyRequest, _reply: unknown, payload: unknown) => {
    hideSecrets(request);
    return Promise.resolve(payload);
  },
  onError: (request: FastifyRequest) => {
    hideSecrets(request);
    return Promise.resolve();
  },
};

/** WeChat alarm settings (SPEC section 7 'wxalarm': get, update, send, dynamicCode; paths and schemas: wxAlarmEndpoints). */
export function wxAlarmRoutes(app: App, wxAlarms: WxAlarmService): void {
  const tags = ['wx-alarm'];

  app.route({
    ...endpointRoute(wxAlarmEndpoints.get, { tags, summary: 'The WeChat alarm settings (webhook key masked)' }),
    config: READ,
    handler: async () => ok(await wxAlarms.get()),
  });

  app.route({
    ...endpointRoute(wxAlarmEndpoints.update, {
      tags,
      summary: 'Save the settings; a new webhook URL needs the dynamic code sent to it',
    }),
    config: WRITE,
    ...secretHooks,
    handler: async (request) => ok(await wxAlarms.update(request.body)),
  });

  app.route({
    ...endpointRoute(wxAlarmEndpoints.send, {
      tags,
      summary: 'Send a test message through the saved webhook; answers what it replied',
    }),
    config: WRITE,
    handler: async () => ok(await wxAlarms.send()),
  });

  app.route({
    ...endpointRoute(wxAlarmEndpoints.dynamicCode, {
      tags,
      summary: 'Send a short-lived code through a webhook, to confirm it in update',
    }),
    config: WRITE,
    ...secretHooks,
    handler: async (request) => ok(await wxAlarms.dynamicCode(request.body)),
  });
}
