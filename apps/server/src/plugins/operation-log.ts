import { FAILURE_STATUS, SUCCESS_STATUS } from '@envmon/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-types.js';
import type { Clock } from '../lib/clock.js';
import { maskSecrets } from '../lib/mask.js';
import { RateLimiter } from '../lib/rate-limit.js';
import type { LogService } from '../modules/log/log.service.js';

const PARAMS_MAX = 4000;
/**
 * Failed calls by nobody (wrong or throttled sign-ins, calls without a session) recorded per
 * address and minute: enough to see an attack, not a way for it to fill the database.
 */
export const ANONYMOUS_FAILURES_PER_MINUTE = 30;

/** Path parameters, query and body of the call as one object, secrets masked. */
export function callParams(request: FastifyRequest): string | null {
  const parts: Record<string, unknown> = {};
  for (const source of [request.params, request.query]) {
    if (source && typeof source === 'object') Object.assign(parts, source);
  }
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(parts, body);
  else if (body !== undefined && body !== null) parts.body = body;
  if (Object.keys(parts).length === 0) return null;
  const json = JSON.stringify(maskSecrets(parts));
  return json.length > PARAMS_MAX ? `${json.slice(0, PARAMS_MAX)}…` : json;
}

/** The envelope's status and desc, read back from the serialized payload. */
function outcome(reply: FastifyReply, payload: unknown): { status: number; desc: string | null } {
  if (typeof payload === 'string') {
    try {
      const body = JSON.parse(payload) as { status?: unknown; desc?: unknown };
      if (typeof body.status === 'number') {
        return { status: body.status, desc: typeof body.desc === 'string' ? body.desc : null };
      }
    } catch {
      // Not JSON: fall through to the HTTP status.
    }
  }
  return { status: reply.statusCode === 200 ? SUCCESS_STATUS : FAILURE_STATUS, desc: null };
}

/**
 * Every mutating call goes to the operation log (who, what, parameters without secrets,
 * result, IP, time). Written before the response leaves, so a caller reading the log next sees
 * its own call; a failed write is logged and never fails the call.
 */
export function installOperationLog(app: App, logs: LogService, clock: Clock): void {
  const anonymousFailures = new RateLimiter(clock, ANONYMOUS_FAILURES_PER_MINUTE, 60_000);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.operationLog) return payload;
    const { status, desc } = outcome(reply, payload);
    if (!request.actor && status !== SUCCESS_STATUS && !anonymousFailures.take(request.ip)) return payload;
    try {
      await logs.record({
        userId: request.actor?.userId ?? null,
        userName: request.actor?.userName ?? null,
        method: request.method,
        // The route's pattern: filterable, and path parameters (an OAuth code) stay out of it.
        url: request.routeOptions.url ?? request.url.split('?')[0] ?? request.url,
        params: callParams(request),
        status,
        result: desc,
        ip: request.ip,
        durationMs: Math.round(reply.elapsedTime),
      });
    } catch (err) {
      request.log.error({ err }, 'operation log write failed');
    }
    return payload;
  });
}
