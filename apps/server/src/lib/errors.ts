import { MESSAGES, type MessageKey } from '@envmon/shared';
import { messageText, type MessageParams } from './messages.js';

/**
 * A business rule said no (duplicate name, wrong password…). Answered with HTTP 200 and the
 * failure envelope; `reason` is the stable code, its message in the caller's language goes to
 * `desc` (the error handler writes it; `message` is the Chinese text, for the logs).
 */
export class DomainError extends Error {
  /** `data` goes into the failure envelope for the console to act on (e.g. `{ reason: 'UNIQUENESS' }`). */
  constructor(
    readonly reason: MessageKey,
    readonly data?: unknown,
    /** The values the message's {{placeholders}} take. */
    readonly params: MessageParams = {},
  ) {
    super(messageText('zh-CN', reason, params));
    this.name = 'DomainError';
  }
}

/** A refusal that has its own HTTP status (401, 403, 429); `message` is the Chinese text, for the logs. */
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
