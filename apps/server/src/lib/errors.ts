import { MESSAGES, type MessageKey } from '@envmon/shared';

/**
 * A business rule said no (duplicate name, wrong password…). Answered with HTTP 200 and the
 * failure envelope; `reason` is the stable code, its message goes to `desc`.
 */
export class DomainError extends Error {
  /** `data` goes into the failure envelope for the console to act on (e.g. `{ reason: 'UNIQUENESS' }`). */
  constructor(
    readonly reason: MessageKey,
    readonly data?: unknown,
  ) {
    super(MESSAGES[reason]);
    this.name = 'DomainError';
  }
}

/** A refusal that has its own HTTP status (401, 403, 429). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: MessageKey,
  ) {
    super(MESSAGES[reason]);
    this.name = 'HttpError';
  }
}

export const notSignedIn = () => new HttpError(401, 'notSignedIn');
export const forbidden = () => new HttpError(403, 'noPermission');
export const tooManyRequests = () => new HttpError(429, 'tooManyRequests');
