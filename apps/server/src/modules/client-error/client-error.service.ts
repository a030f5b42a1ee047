import type { ClientError } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import { tooManyRequests } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';

/** Console errors (SPEC section 8: unhandled UI errors are logged) go to the server log. */
export class ClientErrorService {
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly limiter: RateLimiter,
  ) {}

  report(error: ClientError, ip: string): void {
    if (!this.limiter.take(ip)) throw tooManyRequests();
    this.log.warn({ clientError: { ...error, ip } }, 'console error reported');
  }
}
