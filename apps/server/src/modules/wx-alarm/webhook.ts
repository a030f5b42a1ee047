import type { WxAlarmReply } from '@envmon/shared';
import { isSecretKey, MASK } from '../../lib/mask.js';

/** The enterprise-WeChat group robot's text message: the only kind that @-mentions by mobile. */
export interface WebhookMessage {
  msgtype: 'text';
  text: { content: string; mentioned_list?: string[]; mentioned_mobile_list?: string[] };
}

/** The webhook could not be reached (network error or timeout), even after the retry. */
export class WebhookUnreachable extends Error {
  constructor(cause: unknown) {
    super('webhook unreachable', { cause });
    this.name = 'WebhookUnreachable';
  }
}

/** Sending behind an adapter (STYLE.md rule 2). Throws WebhookUnreachable; an error answer is a reply. */
export interface WebhookClient {
  post(url: string, message: WebhookMessage, signal?: AbortSignal): Promise<WxAlarmReply>;
}

/** A 2xx answer whose errcode, when it has one, is 0 (enterprise WeChat's success). */
export function isSuccess(reply: WxAlarmReply): boolean {
  return reply.httpStatus !== null && reply.httpStatus >= 200 && reply.httpStatus < 300 && (reply.errcode ?? 0) === 0;
}

function parseReply(httpStatus: number, text: string): WxAlarmReply {
  try {
    const body = JSON.parse(text) as { errcode?: unknown; errmsg?: unknown };
    return {
      httpStatus,
      errcode: typeof body.errcode === 'number' ? body.errcode : null,
      errmsg: typeof body.errmsg === 'string' ? body.errmsg : null,
    };
  } catch {
    return { httpStatus, errcode: null, errmsg: text.slice(0, 200) || null };
  }
}

/** POSTs with fetch, each attempt bounded by the timeout; a network failure is retried once. */
export function fetchWebhookClient(timeoutMs: number): WebhookClient {
  return {
    async post(url, message, signal) {
      for (let attempt = 1; ; attempt += 1) {
        const timeout = AbortSignal.timeout(timeoutMs);
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(message),
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
          return parseReply(response.status, await response.text());
        } catch (err) {
          if (attempt >= 2 || signal?.aborted) throw new WebhookUnreachable(err);
        }
      }
    },
  };
}

/** Robot webhooks carry their secret in the query (`?key=…`): only its first 4 characters are shown or logged. */
export function maskWebhookUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [key, value] of [...params]) {
    if (key === 'key' || isSecretKey(key)) params.set(key, `${value.slice(0, 4)}${MASK}`);
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}
