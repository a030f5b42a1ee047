import { LIMITS, MESSAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, useTestApp } from '../../test/harness.js';

const LOGIN = '/manager/system/login/rest/login';
const LOGOUT = '/manager/system/login/rest/logout';
const ME = '/manager/system/user/rest/getByToken';

describe('sign-in', () => {
  const t = useTestApp();

  const attempt = (userName: string, password: string) =>
    t().app.inject({ method: 'POST', url: LOGIN, payload: { userName, password } });

  it('signs in with a trimmed user name and returns a token with its expiry', async () => {
    const response = await attempt('  admin  ', ADMIN_PASSWORD);
    const envelope = body<{ token: string; expiresAt: number }>(response);
    expect(response.statusCode).toBe(200);
    expect(envelope).toMatchObject({ status: 200, code: '000000' });
    expect(envelope.data.token).toMatch(/^[\w-]{40,}$/);
    expect(envelope.data.expiresAt).toBe(t().clock.now() + LIMITS.tokenTtlMs);
  });

  it("answers wrong credentials with the spec's message, for a wrong password and an unknown user alike", async () => {
    for (const [userName, password] of [
      ['admin', 'not-the-password'],
      ['nobody', 'whatever1'],
    ] as const) {
      const response = await attempt(userName, password);
      expect(response.statusCode).toBe(200);
      expect(body(response)).toEqual({ status: -1, code: '000001', desc: MESSAGES.loginWrongCredentials });
    }
  });

  it('rejects an empty body with HTTP 400 and the invalid-input message', async () => {
    const response = await t().app.inject({ method: 'POST', url: LOGIN, payload: {} });
    expect(response.statusCode).toBe(400);
    expect(body(response).desc).toMatch(new RegExp(`^${MESSAGES.invalidInput}.*userName`));
  });

  it('throttles a user name after repeated failures, then lets it in once the window has passed', async () => {
    const { app } = t();
    const token = await login(app, 'admin', ADMIN_PASSWORD);
    await call(app, token, 'POST', '/manager/system/user/rest/add', {
      payload: { userName: 'throttled', name: 'T', password: 'Right@123', roleIds: [1] },
    });
    for (let i = 0; i < LIMITS.loginMaxFailures; i += 1) {
      expect(body(await attempt('throttled', 'wrong-password')).desc).toBe(MESSAGES.loginWrongCredentials);
    }
    // Even the right password is refused while the user name is locked.
    expect(body(await attempt('throttled', 'Right@123')).desc).toBe(MESSAGES.loginThrottled);
    // Other user names are not affected.
    expect(body(await attempt('admin', ADMIN_PASSWORD)).status).toBe(200);

    t().clock.advance(LIMITS.loginLockMs + 1);
    expect(body(await attempt('throttled', 'Right@123')).status).toBe(200);
  });

  it('refuses a disabled user with the general failure message', async () => {
    const { app } = t();
    const token = await login(app, 'admin', ADMIN_PASSWORD);
    await call(app, token, 'POST', '/manager/system/user/rest/add', {
      payload: { userName: 'disabled', name: 'D', password: 'Right@123', roleIds: [1], ifValid: 0 },
    });
    expect(body(await attempt('disabled', 'Right@123')).desc).toBe(MESSAGES.loginFailed);
  });

  it('accepts the token in the token header and as a Bearer authorization', async () => {
    const { app } = t();
    const token = await login(app, 'admin', ADMIN_PASSWORD);
    expect((await app.inject({ url: ME, headers: { token } })).statusCode).toBe(200);
    expect((await app.inject({ url: ME, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    // No route reads ?token=.
    expect((await app.inject({ url: ME, query: { token } })).statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const { app } = t();
    const token = await login(app, 'admin', ADMIN_PASSWORD);
    const other = await login(app, 'admin', ADMIN_PASSWORD);
    expect(await call(app, token, 'POST', LOGOUT)).toBeNull();
    const response = await app.inject({ url: ME, headers: { token } });
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ status: -1, code: '000001', desc: MESSAGES.notSignedIn });
    // Only that session ended.
    expect((await app.inject({ url: ME, headers: { token: other } })).statusCode).toBe(200);
  });

  it('lets tokens expire', async () => {
    const { app, clock, config } = t();
    const token = await login(app, 'admin', ADMIN_PASSWORD);
    clock.advance(config.tokenTtlMs - 1);
    expect((await app.inject({ url: ME, headers: { token } })).statusCode).toBe(200);
    clock.advance(1);
    expect((await app.inject({ url: ME, headers: { token } })).statusCode).toBe(401);
  });

  it('answers 401 to a made-up token', async () => {
    expect((await t().app.inject({ url: ME, headers: { token: 'forged' } })).statusCode).toBe(401);
  });
});
