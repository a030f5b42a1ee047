import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookFileMessage, WebhookMessage } from './webhook.js';

/** What the stub answers: HTTP status and JSON body. */
export interface StubAnswer {
  status: number;
  body: unknown;
}

/** A file the robot received: uploaded through `upload_media`, and the media id it answered. */
export interface StubUpload {
  url: string;
  fileName: string;
  content: Buffer;
  mediaId: string;
}

/**
 * A local stand-in for the enterprise-WeChat robot webhook: records every POST and answers
 * `{errcode: 0, errmsg: 'ok'}` unless told otherwise. Text messages land in `requests`; a file's upload
 * (multipart, `upload_media`) in `uploads` and its file message in `files`.
 */
export class WebhookStub {
  readonly requests: { url: string; message: WebhookMessage }[] = [];
  readonly uploads: StubUpload[] = [];
  readonly files: { url: string; message: WebhookFileMessage }[] = [];
  answer: StubAnswer = { status: 200, body: { errcode: 0, errmsg: 'ok' } };
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void this.receive(req.url ?? '', req.headers['content-type'] ?? '', Buffer.concat(chunks)).then((extra) => {
        res.writeHead(this.answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(extra ? { ...(this.answer.body as object), ...extra } : this.answer.body));
      });
    });
  });

  /** Records a request; an upload answers its media id too. */
  private async receive(url: string, contentType: string, body: Buffer): Promise<Record<string, string> | null> {
    if (url.includes('/upload_media')) {
      // The multipart body read as fetch reads one.
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
      const media = form.get('media');
      const mediaId = `media-${this.uploads.length + 1}`;
      if (media instanceof File) {
        this.uploads.push({ url, fileName: media.name, content: Buffer.from(await media.arrayBuffer()), mediaId });
      }
      return { type: 'file', media_id: mediaId };
    }
    const message = JSON.parse(body.toString('utf8')) as WebhookMessage | WebhookFileMessage;
    if (message.msgtype === 'file') this.files.push({ url, message });
    else this.requests.push({ url, message });
    return null;
  }

  /** Resolves with the stub's base URL (http://127.0.0.1:<port>). */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The text contents received since `from` (an index into requests). */
  contents(from = 0): string[] {
    return this.requests.slice(from).map((r) => r.message.text.content);
  }
}
