import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookMessage } from './webhook.js';

/** What the stub answers: HTTP status and JSON body. */
export interface StubAnswer {
  status: number;
  body: unknown;
}

/**
 * A local stand-in for the enterprise-WeChat robot webhook: records every POST and answers
 * `{errcode: 0, errmsg: 'ok'}` unless told otherwise.
 */
export class WebhookStub {
  readonly requests: { url: string; message: WebhookMessage }[] = [];
  answer: StubAnswer = { status: 200, body: { errcode: 0, errmsg: 'ok' } };
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.requests.push({
        url: req.url ?? '',
        message: JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookMessage,
      });
      res.writeHead(this.answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(this.answer.body));
    });
  });

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
