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
    expect(body(response).desc).toMatch(new RegExp(`^${MESSAGES.invalidInput}.*用户名：`));
  });

  const attemptFrom = (remoteAddress: string, userName: string, password: string) =>
    t().app.inject({ method: 'POST', url: LOGIN, payload: { userName, password }, remoteAddress });

  const addUser = async (userName: string) => {
    const { app } = t();
    const token = await login(app, 'admin', ADMIN_PASSWORD);
    await call(app, token, 'POST', '/manager/system/user/rest/add', {
      payload: { userName, name: userName, password: 'Right@123', roleIds: [1] },
    });
  };

  const throttled = (response: { json: () => unknown }) => {
    const envelope = response.json() as { desc: string; data?: { retryAfterMs?: number } };
    return envelope.desc === MESSAGES.loginThrottled ? (envelope.data?.retryAfterMs ?? -1) : null;
  };

  it('checks at most loginMaxFailures of 40 wrong passwords sent at once, and refuses the right one after them', async () => {
    await addUser('racer');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => attemptFrom('10.1.0.1', 'racer', 'wrong-password')),
    );
    const descs = answers.map((r) => body(r).desc);
    expect(descs.filter((d) => d === MESSAGES.loginWrongCredentials)).toHaveLength(LIMITS.loginMaxFailures);
    expect(descs.filter((d) => d === MESSAGES.loginThrottled)).toHaveLength(40 - LIMITS.loginMaxFailures);
    expect(throttled(await attemptFrom('10.1.0.1', 'racer', 'Right@123'))).toBeGreaterThan(0);
  });

  it('slows one address down with a growing wait, answered with retryAfterMs and no password check', async () => {
    await addUser('slow');
    const from = (password: string) => attemptFrom('10.2.0.1', 'slow', password);
    const first = LIMITS.loginFirstWaitMs;
    for (let i = 0; i < LIMITS.loginMaxFailures; i += 1) {
      expect(body(await from('wrong-password')).desc).toBe(MESSAGES.loginWrongCredentials);
    }
    // Even the right password waits.
    expect(throttled(await from('Right@123'))).toBe(first);
    t().clock.advance(first);
    expect(body(await from('wrong-password')).desc).toBe(MESSAGES.loginWrongCredentials);
    expect(throttled(await from('Right@123'))).toBe(2 * first);
    // Refused attempts do not extend the wait.
    t().clock.advance(first);
    expect(throttled(await from('Right@123'))).toBe(first);
    t().clock.advance(first);
    expect(body(await from('wrong-password')).desc).toBe(MESSAGES.loginWrongCredentials);
    expect(throttled(await from('Right@123'))).toBe(4 * first);
    t().clock.advance(4 * first);
    expect(body(await from('Right@123')).status).toBe(200);
    // A sign-in forgets the failures.
    expect(body(await from('wrong-password')).desc).toBe(MESSAGES.loginWrongCredentials);
    expect(throttled(await from('Right@123'))).toBeNull();
  });

  it('never waits longer than loginLockMs, and forgets failures after loginForgetMs', async () => {
    await addUser('patient');
    const from = (password: string) => attemptFrom('10.3.0.1', 'patient', password);
    for (let i = 0; i < LIMITS.loginMaxFailures + 20; i += 1) {
      await from('wrong-password');
      t().clock.advance(LIMITS.loginLockMs);
    }
    await from('wrong-password');
    expect(throttled(await from('wrong-password'))).toBe(LIMITS.loginLockMs);
    t().clock.advance(LIMITS.loginForgetMs);
    for (let i = 0; i < LIMITS.loginMaxFailures - 1; i += 1) await from('wrong-password');
    expect(body(await from('Right@123')).status).toBe(200);
  });

  it('does not let an attacker at one address keep admin out at another', async () => {
    for (let i = 0; i < LIMITS.loginMaxFailures + 3; i += 1) await attemptFrom('10.4.0.66', 'admin', 'wrong-password');
    expect(throttled(await attemptFrom('10.4.0.66', 'admin', ADMIN_PASSWORD))).toBeGreaterThan(0);
    expect(body(await attemptFrom('10.4.0.7', 'admin', ADMIN_PASSWORD)).status).toBe(200);
    // Other user names are not affected at the attacker's address either.
    expect(body(await attemptFrom('10.4.0.66', 'racer', 'Right@123')).status).toBe(200);
  });

  it('slows failures spread over many addresses for one user, but not the addresses the user signed in from', async () => {
    await addUser('spread');
    expect(body(await attemptFrom('10.5.0.1', 'spread', 'Right@123')).status).toBe(200);
    // Each attacking address stays under its own bound.
    const perAddress = LIMITS.loginMaxFailures - 1;
    for (let n = 0; n * perAddress < LIMITS.loginUserMaxFailures; n += 1) {
      const address = `10.6.${Math.floor(n / 200)}.${n % 200}`;
      await Promise.all(Array.from({ length: perAddress }, () => attemptFrom(address, 'spread', 'wrong-password')));
    }
    expect(throttled(await attemptFrom('10.7.0.1', 'spread', 'Right@123'))).toBeGreaterThan(0);
    expect(body(await attemptFrom('10.5.0.1', 'spread', 'Right@123')).status).toBe(200);
  });

  it('logs when an address or a user name starts to wait, with user name and address and no password', () => {
    const warnings = t().logLines.filter((l) => l.level === 40);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        userName: 'slow',
        address: '10.2.0.1',
        msg: expect.stringMatching(/sign-in/) as string,
      }),
    );
    expect(warnings).toContainEqual(expect.objectContaining({ userName: 'spread', scope: 'userName' }));
    const text = JSON.stringify(t().logLines);
    expect(text).not.toContain('wrong-password');
    expect(text).not.toContain('Right@123');
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
