import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeFlag, serialisePacket } from '@envmon/hj212';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../test/harness.js';
import { StationClient } from '../test/station-client.js';
import { createServerLogger, type ServerLogger } from './logger.js';

/**
 * Issue 13, hole 4: no sign-in token, password or station PW reaches the server log, whatever the
 * route. The server's own logger at trace level sees a run that signs in several users, opens
 * the push socket with each token, calls every route once (tokens in the path where a route takes
 * one, and in the query string too) and receives a station packet; then the files and what the
 * terminal was given (as readable text) are grepped.
 */
const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]) as string[];

describe('the server log', () => {
  let logDir: string;
  let server: ServerLogger;
  let t: TestApp;
  const terminal: string[] = [];

  beforeAll(async () => {
    logDir = mkdtempSync(join(tmpdir(), 'envmon-log-secrets-'));
    server = createServerLogger('trace', logDir, { terminal: { write: (text) => terminal.push(text) } });
    t = await createTestApp({ withConsole: true, logger: server.logger, gateway: true });
  });

  afterAll(async () => {
    await t.close();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('holds none of the tokens issued nor the passwords used in a run over every route', async () => {
    const { app } = t;
    const tokens: string[] = [];
    const signIn = async (userName: string, password: string) => {
      const token = await login(app, userName, password);
      tokens.push(token);
      return token;
    };
    const passwords = [ADMIN_PASSWORD, 'Viewer#Secret1', 'Operator#Secret2', 'Wrong#Secret3', 'NewPass#Secret4'];
    const stationPw = 'StationPw#5';
    const oauthCode = 'OAuthCodeSecret6';

    let admin = await signIn('admin', ADMIN_PASSWORD);
    for (const [userName, password] of [
      ['log-viewer', 'Viewer#Secret1'],
      ['log-operator', 'Operator#Secret2'],
    ] as const) {
      await call(app, admin, 'POST', '/manager/system/user/rest/add', {
        payload: { userName, name: userName, password },
      });
      await signIn(userName, password);
    }
    await app.inject({
      method: 'POST',
      url: '/manager/system/login/rest/login',
      payload: { userName: 'log-viewer', password: 'Wrong#Secret3' },
    });

    // A station sending with its PW (unknown here, so rejected and logged as such).
    const station = await StationClient.connect(t.app.stations?.port ?? 0);
    await station.write(
      serialisePacket({
        qn: '20260101000000000',
        st: '22',
        cn: '2011',
        pw: stationPw,
        mn: 'LOGSECRET0001',
        flag: makeFlag(4),
        dialect: 'hj212-2017',
        extra: {},
        dataTime: '20260101000000',
        cp: {},
        factors: [],
      }),
    );

    // The push socket takes the token in its path.
    for (const token of tokens) {
      const socket = await app.injectWS(`/websocket/${token}`);
      socket.terminate();
    }

    const routes = t.routes.flatMap((route) => methodsOf(route).map((method) => ({ method, url: route.url })));
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const path = route.url
        .replace(':token', admin)
        .replace(':code', oauthCode)
        .replace(/:\w+/g, 'probe')
        .replace(/\*$/, 'probe');
      // Secrets in the query too: a careless client's, or a link's.
      const query = new URLSearchParams({ token: admin, password: 'NewPass#Secret4', PW: stationPw });
      await app.inject({
        method: route.method as 'GET',
        url: `${path}?${query.toString()}`,
        headers: { token: admin, authorization: `Bearer ${admin}` },
      });
      if (route.url.endsWith('/logout')) admin = await signIn('admin', ADMIN_PASSWORD);
    }
    station.socket.destroy();
    await t.close();
    await server.close();

    const text = readdirSync(logDir)
      .map((name) => readFileSync(join(logDir, name), 'utf8'))
      .join('');
    // The logger saw the run: a line per request at least, the push socket's among them.
    expect(text.split('\n').length).toBeGreaterThan(routes.length);
    expect(text).toContain('/websocket/');
    const shown = terminal.join('');
    expect(shown).toContain('/websocket/');
    for (const logged of [text, shown]) {
      for (const secret of [...tokens, ...passwords, stationPw, oauthCode]) {
        const at = logged.indexOf(secret);
        expect(at, `'${secret}' logged: …${logged.slice(Math.max(0, at - 200), at + 100)}…`).toBe(-1);
      }
    }
  });
});
