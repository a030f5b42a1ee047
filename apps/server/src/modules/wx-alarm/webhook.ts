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

/** The robot's file message: a file uploaded first through `upload_media` (its media_id). */
export interface WebhookFileMessage {
  msgtype: 'file';
  file: { media_id: string };
}

/** The robot takes files of more than 5 bytes and at most 20 MB. */
export const WEBHOOK_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** Sending a file through the robot, behind an adapter (STYLE.md rule 2). Throws WebhookUnreachable. */
export interface WebhookFileSender {
  /** Uploads the file, then sends it as a file message; answers the first failing reply, or the send's. */
  sendFile(url: string, file: { name: string; content: Buffer }, signal?: AbortSignal): Promise<WxAlarmReply>;
}

/**
 * The upload address of a robot's send address: `…/webhook/send?key=K` → `…/webhook/upload_media?key=K&type=file`
 * (enterprise WeChat's group robot file upload).
 */
export function uploadUrlOf(webhookUrl: string): string {
  const url = new URL(webhookUrl);
  url.pathname = url.pathname.replace(/\/send\/?$/, '') + '/upload_media';
  url.searchParams.set('type', 'file');
  return url.toString();
}

/**
 * Uploads as multipart (the file in the `media` part), then sends the file message; each request bounded by the
 * timeout and not retried (a file is large: the run's log says it failed, and the file stays in the run's record).
 */
export function fetchWebhookFileSender(timeoutMs: number): WebhookFileSender {
  const request = async (
    url: string,
    body: string | FormData,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      return { status: response.status, text: await response.text() };
    } catch (err) {
      throw new WebhookUnreachable(err);
    }
  };
  return {
    async sendFile(url, file, signal) {
      const form = new FormData();
      form.append('media', new Blob([new Uint8Array(file.content)]), file.name);
      const uploaded = await request(uploadUrlOf(url), form, {}, signal);
      const reply = parseReply(uploaded.status, uploaded.text);
      const mediaId = mediaIdOf(uploaded.text);
      if (!isSuccess(reply)) return reply;
      if (mediaId === null)
        return { ...reply, errcode: reply.errcode ?? -1, errmsg: 'the upload answered no media_id' };
      const message: WebhookFileMessage = { msgtype: 'file', file: { media_id: mediaId } };
      const sent = await request(url, JSON.stringify(message), { 'content-type': 'application/json' }, signal);
      return parseReply(sent.status, sent.text);
    },
  };
}

function mediaIdOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { media_id?: unknown };
    return typeof body.media_id === 'string' && body.media_id !== '' ? body.media_id : null;
  } catch {
    return null;
  }
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
