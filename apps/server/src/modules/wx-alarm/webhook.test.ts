import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchWebhookClient, isSuccess, maskWebhookUrl, WebhookUnreachable } from './webhook.js';

const MESSAGE = { msgtype: 'text', text: { content: 'hi' } } as const;

/** A loopback server that drops the first `drops` connections without answering. */
async function flakyServer(drops: number) {
  let seen = 0;
  const server = createServer((req, res) => {
    seen += 1;
    if (seen <= drops) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send?key=k`,
    attempts: () => seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('webhook client', () => {
  it('masks the key beyond its first four characters, and other secrets', () => {
    expect(maskWebhookUrl('https://q.example.com/send?key=0123456789&x=1')).toBe(
      'https://q.example.com/send?key=0123******&x=1',
    );
    expect(maskWebhookUrl('https://q.example.com/send?token=abcdefgh')).toBe(
      'https://q.example.com/send?token=abcd******',
    );
    expect(maskWebhookUrl('https://q.example.com/send')).toBe('https://q.example.com/send');
  });

  it('counts a 2xx answer with errcode 0 (or none) as success', () => {
    expect(isSuccess({ httpStatus: 200, errcode: 0, errmsg: 'ok' })).toBe(true);
    expect(isSuccess({ httpStatus: 204, errcode: null, errmsg: null })).toBe(true);
    expect(isSuccess({ httpStatus: 200, errcode: 93000, errmsg: 'invalid webhook url' })).toBe(false);
    expect(isSuccess({ httpStatus: 500, errcode: null, errmsg: null })).toBe(false);
  });

  it('retries a network failure once', async () => {
    const server = await flakyServer(1);
    close = server.close;
    const reply = await fetchWebhookClient(2000).post(server.url, MESSAGE);
    expect(reply).toEqual({ httpStatus: 200, errcode: 0, errmsg: 'ok' });
    expect(server.attempts()).toBe(2);
  });

  it('gives up after the retry', async () => {
    const server = await flakyServer(5);
    close = server.close;
    await expect(fetchWebhookClient(2000).post(server.url, MESSAGE)).rejects.toBeInstanceOf(WebhookUnreachable);
    expect(server.attempts()).toBe(2);
  });
});
