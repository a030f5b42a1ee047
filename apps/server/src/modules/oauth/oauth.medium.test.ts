import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, type UserInfo } from '@envmon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, call, createTestApp, type TestApp } from '../../test/harness.js';

const OAUTH = '/manager/system/login/rest/oauth';

/** A minimal OAuth2 provider: one valid code, one access token, userinfo with a username claim. */
interface Stub {
  server: Server;
  base: string;
  tokenRequests: URLSearchParams[];
  userName: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function startProvider(): Promise<Stub> {
  const stub = { tokenRequests: [] as URLSearchParams[], userName: 'admin' } as Stub;
  stub.server = createServer((request, response) => {
    void (async () => {
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'POST' && request.url === '/token') {
        const form = new URLSearchParams(await readBody(request));
        stub.tokenRequests.push(form);
        if (form.get('code') !== 'good-code' || form.get('client_secret') !== 'shh')
          return send(400, { error: 'invalid_grant' });
        return send(200, { access_token: 'provider-token', token_type: 'Bearer' });
      }
      if (request.method === 'GET' && request.url === '/userinfo') {
        if (request.headers.authorization !== 'Bearer provider-token') return send(401, { error: 'invalid_token' });
        return send(200, { sub: '42', login: stub.userName });
      }
      send(404, {});
    })();
  });
  await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
  stub.base = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
  return stub;
}

describe('OAuth sign-in', () => {
  let stub: Stub;
  let t: TestApp;

  beforeAll(async () => {
    stub = await startProvider();
    t = await createTestApp({
      env: {
        OAUTH_AUTHORIZE_URL: `${stub.base}/authorize`,
        OAUTH_TOKEN_URL: `${stub.base}/token`,
        OAUTH_USERINFO_URL: `${stub.base}/userinfo`,
        OAUTH_CLIENT_ID: 'envmon-console',
        OAUTH_CLIENT_SECRET: 'shh',
        OAUTH_REDIRECT_URI: 'http://localhost:8080/oauth',
        OAUTH_USERNAME_CLAIM: 'login',
      },
    });
  });

  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stub.server.close(resolve));
  });

  it('exchanges the code with the configured client and signs the mapped user in', async () => {
    const result = await call<{ token: string }>(t.app, null, 'GET', `${OAUTH}/good-code`);
    const form = stub.tokenRequests.at(-1);
    expect(Object.fromEntries(form ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: 'http://localhost:8080/oauth',
      client_id: 'envmon-console',
      client_secret: 'shh',
    });
    const info = await call<UserInfo>(t.app, result.token, 'GET', '/manager/system/user/rest/getByToken');
    expect(info.userName).toBe('admin');
  });

  it('fails with the general sign-in message when the provider refuses the code', async () => {
    const response = await t.app.inject({ url: `${OAUTH}/bad-code` });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: -1, code: '000001', desc: MESSAGES.loginFailed });
  });

  it('fails when the provider names a user we do not have', async () => {
    stub.userName = 'stranger';
    try {
      expect(body(await t.app.inject({ url: `${OAUTH}/good-code` })).desc).toBe(MESSAGES.loginFailed);
    } finally {
      stub.userName = 'admin';
    }
  });

  it('advertises the provider in the public client config', async () => {
    const config = await call<{ oauth: { enabled: boolean; authorizeUrl: string } }>(
      t.app,
      null,
      'GET',
      '/manager/system/config/rest/get',
    );
    expect(config.oauth.enabled).toBe(true);
    expect(config.oauth.authorizeUrl).toBe(
      `${stub.base}/authorize?response_type=code&client_id=envmon-console&redirect_uri=${encodeURIComponent('http://localhost:8080/oauth')}`,
    );
  });

  it('records the sign-in in the operation log under the signed-in user', async () => {
    const admin = await call<{ token: string }>(t.app, null, 'GET', `${OAUTH}/good-code`);
    const logs = await call<{ list: { userName: string | null; url: string; status: number; params: string }[] }>(
      t.app,
      admin.token,
      'GET',
      '/manager/system/log/rest/get',
      { query: { url: 'oauth', success: '1' } },
    );
    expect(logs.list[0]).toMatchObject({ userName: 'admin', url: `${OAUTH}/:code`, status: 200 });
    expect(logs.list[0]?.params).toBe('{"code":"******"}');
  });
});

describe('OAuth sign-in without a provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers that external sign-in is not configured', async () => {
    expect(body(await t.app.inject({ url: `${OAUTH}/any-code` })).desc).toBe(MESSAGES.oauthNotConfigured);
  });
});
