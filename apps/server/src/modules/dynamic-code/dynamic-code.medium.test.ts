import {
  DYNAMIC_CODE,
  type DynamicCodeEnrolment,
  type DynamicCodeStatus,
  type GuardedCommands,
  MESSAGES,
  writeCode,
} from '@envmon/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/connection.js';
import { DomainError } from '../../lib/errors.js';
import { ADMIN_PASSWORD, body, call, login, useTestApp } from '../../test/harness.js';
import { userWith } from '../deploy/device-panel.test-support.js';
import { LogRepository } from '../log/log.repository.js';
import { LogService } from '../log/log.service.js';
import type { Actor } from '../session/permission.js';
import { DynamicCodeRepository } from './dynamic-code.repository.js';
import { DynamicCodeService, GUARD_LOG_URL } from './dynamic-code.service.js';

const BASE = '/manager/settings/dynamicCode/rest';
const STEP_MS = DYNAMIC_CODE.periodSeconds * 1000;
/** Guarded by the migration's defaults (1072 station password), and not (1011 read the station's time). */
const GUARDED = '1072';
const OPEN = '1011';

/** The code an authenticator app shows for `secret` at `timestamp`. */
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: DYNAMIC_CODE.algorithm,
    digits: DYNAMIC_CODE.digits,
    period: DYNAMIC_CODE.periodSeconds,
  }).generate({ timestamp });

/** A six-digit code that none of the steps the server accepts at `timestamp` shows. */
function wrongCodeAt(secret: string, timestamp: number): string {
  const right = new Set([-1, 0, 1].map((d) => codeAt(secret, timestamp + d * STEP_MS)));
  const wrong = ['000000', '111111', '222222', '333333'].find((c) => !right.has(c));
  if (!wrong) throw new Error('no wrong code');
  return wrong;
}

describe('settings › dynamic code', () => {
  const t = useTestApp();
  let admin: string;
  /** May send commands (counter control), nothing else. */
  let operator: string;
  /** May see the dynamic code screen, not change the list. */
  let reader: string;
  /** Neither. */
  let stranger: string;
  let handle: DatabaseHandle;
  let service: DynamicCodeService;
  /** Every code the tests sent and every secret the server gave: none of them may reach a log. */
  const secrets: string[] = [];
  const codes: string[] = [];

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    operator = await userWith(t(), admin, 'dyn-operator', [writeCode('settings.counter-control')]);
    reader = await userWith(t(), admin, 'dyn-reader', ['settings.dynamic-code']);
    stranger = await userWith(t(), admin, 'dyn-stranger', ['settings.iot-card']);
    handle = openDatabase(t().config.database);
    // The service as the counter control holds it, on the app's database and clock.
    service = new DynamicCodeService(
      new DynamicCodeRepository(handle.db),
      t().clock,
      new LogService(new LogRepository(handle.db), t().clock),
    );
  });
  afterAll(async () => {
    await handle.db.destroy();
  });

  const now = () => t().clock.now();
  const post = <T>(token: string, path: string, payload: unknown) =>
    call<T>(t().app, token, 'POST', `${BASE}/${path}`, { payload });
  const get = <T>(token: string, path: string) => call<T>(t().app, token, 'GET', `${BASE}/${path}`);
  /** The failure envelope's desc of a call that must fail with HTTP 200. */
  const refusal = async (token: string, path: string, payload: Record<string, unknown>) => {
    const response = await t().app.inject({ method: 'POST', url: `${BASE}/${path}`, payload, headers: { token } });
    expect(response.statusCode).toBe(200);
    const envelope = body(response);
    expect(envelope.status).toBe(-1);
    return envelope.desc;
  };
  const actorOf = async (userName: string): Promise<Actor> => {
    const user = await handle.db
      .selectFrom('users')
      .select(['id', 'userName'])
      .where('userName', '=', userName)
      .executeTakeFirstOrThrow();
    return { userId: user.id, userName: user.userName };
  };
  /** The reason the guard refused, or 'passed'. */
  const guard = async (actor: Actor, cn: string, code: string | undefined) => {
    if (code) codes.push(code);
    try {
      await service.guard(actor, cn, code);
      return 'passed';
    } catch (err) {
      if (err instanceof DomainError) return err.reason;
      throw err;
    }
  };
  const enrol = async (token: string, code?: string) => {
    if (code) codes.push(code);
    const enrolment = await post<DynamicCodeEnrolment>(token, 'get', code ? { code } : {});
    secrets.push(enrolment.secret);
    return enrolment;
  };
  const confirm = async (token: string, secret: string) => {
    const code = codeAt(secret, now());
    codes.push(code);
    return post<DynamicCodeStatus>(token, 'confirm', { code });
  };

  it('enrols the caller: an otpauth URI, its QR code and the secret; confirmed by a first code', async () => {
    expect(await get<DynamicCodeStatus>(operator, 'status')).toEqual({
      enrolled: false,
      confirmed: false,
      lockedUntil: null,
      createTime: null,
    });
    const enrolment = await enrol(operator);
    expect(enrolment).toMatchObject({
      issuer: 'envmon',
      account: 'dyn-operator',
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      confirmed: false,
    });
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/envmon:dyn-operator');
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(uri.searchParams.get('issuer')).toBe('envmon');
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(enrolment.qrCode.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const status = await get<DynamicCodeStatus>(operator, 'status');
    expect(status).toEqual({ enrolled: true, confirmed: false, lockedUntil: null, createTime: now() });
    expect(JSON.stringify(status)).not.toContain(enrolment.secret);

    // Not confirmed yet: commands are refused as by a user never enrolled.
    const actor = await actorOf('dyn-operator');
    expect(await guard(actor, GUARDED, codeAt(enrolment.secret, now()))).toBe('dynamicCodeNotEnrolled');

    // A wrong first code does not confirm; the right one does.
    codes.push(wrongCodeAt(enrolment.secret, now()));
    expect(await refusal(operator, 'confirm', { code: wrongCodeAt(enrolment.secret, now()) })).toBe(
      MESSAGES.dynamicCodeWrong,
    );
    expect(await confirm(operator, enrolment.secret)).toMatchObject({ enrolled: true, confirmed: true });
    // The step that confirmed is spent: the same code cannot then run a command.
    expect(await guard(actor, GUARDED, codeAt(enrolment.secret, now()))).toBe('dynamicCodeReused');
  });

  it('lets a command no code guards pass without a code, and asks one of the others', async () => {
    const actor = await actorOf('dyn-operator');
    expect(await guard(actor, OPEN, undefined)).toBe('passed');
    expect(await guard(actor, GUARDED, undefined)).toBe('dynamicCodeRequired');
    expect(await guard(actor, GUARDED, '')).toBe('dynamicCodeRequired');
    // A user who never enrolled.
    expect(await guard(await actorOf('dyn-reader'), GUARDED, '123456')).toBe('dynamicCodeNotEnrolled');
  });

  it('accepts a right code once per time step, and a code of an earlier step never after', async () => {
    const actor = await actorOf('dyn-operator');
    const secret = secrets[0] ?? '';
    t().clock.advance(STEP_MS);
    const code = codeAt(secret, now());
    expect(await guard(actor, GUARDED, code)).toBe('passed');
    expect(await guard(actor, GUARDED, code)).toBe('dynamicCodeReused');
    // The previous step's code is still within the window, but older than the one accepted.
    expect(await guard(actor, GUARDED, codeAt(secret, now() - STEP_MS))).toBe('dynamicCodeReused');
    // The app a step ahead (clock drift): accepted, and then the current step is spent too.
    expect(await guard(actor, GUARDED, codeAt(secret, now() + STEP_MS))).toBe('passed');
    t().clock.advance(STEP_MS);
    expect(await guard(actor, GUARDED, codeAt(secret, now()))).toBe('dynamicCodeReused');
    // Two steps out is no longer a right code.
    t().clock.advance(STEP_MS);
    expect(await guard(actor, GUARDED, codeAt(secret, now() + 2 * STEP_MS))).toBe('dynamicCodeWrong');

    // Two requests at once with the same code: one passes.
    t().clock.advance(STEP_MS);
    const same = codeAt(secret, now());
    const outcomes = await Promise.all([guard(actor, GUARDED, same), guard(actor, GUARDED, same)]);
    expect(outcomes.sort()).toEqual(['dynamicCodeReused', 'passed']);
  });

  it('locks the codes for 5 minutes after 5 wrong ones in a row, right ones included', async () => {
    const actor = await actorOf('dyn-operator');
    const secret = secrets[0] ?? '';
    t().clock.advance(STEP_MS);
    // A right code in between starts the count again.
    for (let i = 0; i < 4; i++)
      expect(await guard(actor, GUARDED, wrongCodeAt(secret, now()))).toBe('dynamicCodeWrong');
    expect(await guard(actor, GUARDED, codeAt(secret, now()))).toBe('passed');
    t().clock.advance(STEP_MS);
    for (let i = 0; i < 5; i++)
      expect(await guard(actor, GUARDED, wrongCodeAt(secret, now()))).toBe('dynamicCodeWrong');
    const lockedAt = now();
    expect(await guard(actor, GUARDED, codeAt(secret, now()))).toBe('dynamicCodeLocked');
    expect((await get<DynamicCodeStatus>(operator, 'status')).lockedUntil).toBe(lockedAt + DYNAMIC_CODE.lockMs);
    // Renewing needs a code, which is locked too; confirming as well.
    expect(await refusal(operator, 'get', { code: codeAt(secret, now()) })).toBe(MESSAGES.dynamicCodeLocked);
    expect(await refusal(operator, 'confirm', { code: codeAt(secret, now()) })).toBe(MESSAGES.dynamicCodeLocked);

    t().clock.advance(DYNAMIC_CODE.lockMs - 1);
    expect(await guard(actor, GUARDED, codeAt(secret, now()))).toBe('dynamicCodeLocked');
    t().clock.advance(1);
    expect((await get<DynamicCodeStatus>(operator, 'status')).lockedUntil).toBeNull();
    expect(await guard(actor, GUARDED, codeAt(secret, now()))).toBe('passed');
    // The count started again: four wrong codes do not lock.
    t().clock.advance(STEP_MS);
    for (let i = 0; i < 4; i++)
      expect(await guard(actor, GUARDED, wrongCodeAt(secret, now()))).toBe('dynamicCodeWrong');
    expect(await guard(actor, GUARDED, codeAt(secret, now()))).toBe('passed');
  });

  it('renews a confirmed enrolment only with a current code; the old secret then stops working', async () => {
    const actor = await actorOf('dyn-operator');
    const old = secrets[0] ?? '';
    t().clock.advance(STEP_MS);
    expect(await refusal(operator, 'get', {})).toBe(MESSAGES.dynamicCodeRequired);
    codes.push(wrongCodeAt(old, now()));
    expect(await refusal(operator, 'get', { code: wrongCodeAt(old, now()) })).toBe(MESSAGES.dynamicCodeWrong);
    const renewed = await enrol(operator, codeAt(old, now()));
    expect(renewed.secret).not.toBe(old);
    expect(renewed.confirmed).toBe(false);
    expect(await get<DynamicCodeStatus>(operator, 'status')).toMatchObject({ enrolled: true, confirmed: false });
    t().clock.advance(STEP_MS);
    expect(await guard(actor, GUARDED, codeAt(old, now()))).toBe('dynamicCodeNotEnrolled');
    // Not confirmed: renewed again with no code (the app's scan failed, say).
    const again = await enrol(operator);
    await confirm(operator, again.secret);
    t().clock.advance(STEP_MS);
    expect(await refusal(operator, 'confirm', { code: wrongCodeAt(again.secret, now()) })).toBe(
      MESSAGES.dynamicCodeWrong,
    );
    codes.push(wrongCodeAt(again.secret, now()));
    expect(await guard(actor, GUARDED, codeAt(old, now()))).toBe('dynamicCodeWrong');
    expect(await guard(actor, GUARDED, codeAt(again.secret, now()))).toBe('passed');
  });

  it('keeps the guarded list: read by whoever sends commands, replaced by writers, catalogue commands only', async () => {
    const defaults = ['1072', '3011', '3021', '3042', '3043', '3045', '3080', '3081', '3082'];
    expect(await get<GuardedCommands>(operator, 'guarded')).toEqual({ cns: defaults });
    expect(await get<GuardedCommands>(reader, 'guarded')).toEqual({ cns: defaults });
    expect(await post<GuardedCommands>(admin, 'guarded', { cns: ['3011', '1000', '1072', '3011'] })).toEqual({
      cns: ['1000', '1072', '3011'],
    });
    const actor = await actorOf('dyn-operator');
    expect(await guard(actor, '1000', undefined)).toBe('dynamicCodeRequired');
    expect(await guard(actor, '3021', undefined)).toBe('passed');

    const unknown = await t().app.inject({
      method: 'POST',
      url: `${BASE}/guarded`,
      payload: { cns: ['1072', '9999'] },
      headers: { token: admin },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await get<GuardedCommands>(admin, 'guarded')).toEqual({ cns: ['1000', '1072', '3011'] });
    expect(await post<GuardedCommands>(admin, 'guarded', { cns: [] })).toEqual({ cns: [] });
    expect(await guard(actor, GUARDED, undefined)).toBe('passed');
    expect(await post<GuardedCommands>(admin, 'guarded', { cns: defaults })).toEqual({ cns: defaults });
  });

  it.each([
    ['POST', 'get', {}],
    ['POST', 'confirm', { code: '123456' }],
    ['GET', 'status', undefined],
    ['GET', 'guarded', undefined],
    ['POST', 'guarded', { cns: ['1072'] }],
  ] as const)(
    'answers %s %s with 401 without a token and 403 without the permission',
    async (method, path, payload) => {
      const url = `${BASE}/${path}`;
      expect((await t().app.inject({ method, url, payload })).statusCode).toBe(401);
      expect((await t().app.inject({ method, url, payload, headers: { token: 'nonsense' } })).statusCode).toBe(401);
      expect((await t().app.inject({ method, url, payload, headers: { token: stranger } })).statusCode).toBe(403);
    },
  );

  it('lets the screen readers and the command senders use their own codes, and only writers change the list', async () => {
    expect(await get<DynamicCodeStatus>(reader, 'status')).toMatchObject({ enrolled: false });
    const enrolment = await enrol(reader);
    expect(await confirm(reader, enrolment.secret)).toMatchObject({ confirmed: true });
    // Each enrolment is its caller's: the operator's is untouched.
    expect(await get<DynamicCodeStatus>(operator, 'status')).toMatchObject({ enrolled: true, confirmed: true });
    for (const token of [reader, operator]) {
      const response = await t().app.inject({
        method: 'POST',
        url: `${BASE}/guarded`,
        payload: { cns: ['1072'] },
        headers: { token },
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('logs every check of a command with its user, command and outcome, and never a code or a secret', async () => {
    const rows = await handle.db
      .selectFrom('operationLogs')
      .selectAll()
      .where('url', '=', GUARD_LOG_URL)
      .orderBy('id')
      .execute();
    const outcomes = rows.map((r) => JSON.parse(r.params ?? '{}') as { cn: string; outcome: string });
    expect(new Set(outcomes.map((o) => o.outcome))).toEqual(
      new Set([
        'passed',
        'dynamicCodeRequired',
        'dynamicCodeNotEnrolled',
        'dynamicCodeWrong',
        'dynamicCodeReused',
        'dynamicCodeLocked',
      ]),
    );
    // The command that needed no code is no check.
    expect(outcomes.some((o) => o.cn === OPEN)).toBe(false);
    const passed = rows.find((r) => r.params?.includes('"passed"'));
    expect(passed).toMatchObject({ userName: 'dyn-operator', status: 200, method: 'TOTP' });
    const locked = rows.find((r) => r.params?.includes('dynamicCodeLocked'));
    expect(locked).toMatchObject({ userName: 'dyn-operator', status: -1, result: MESSAGES.dynamicCodeLocked });
    expect(Object.keys(outcomes[0] ?? {}).sort()).toEqual(['cn', 'outcome']);

    // The enrolment calls are in the log too (the hook of every mutating call), codes masked.
    const all = await handle.db.selectFrom('operationLogs').select(['url', 'params', 'result']).execute();
    expect(all.some((r) => r.url === `${BASE}/get`)).toBe(true);
    expect(all.some((r) => r.url === `${BASE}/confirm` && r.params?.includes('******'))).toBe(true);
    const logged = JSON.stringify(all);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    expect(codes.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(logged).not.toContain(secret);
    for (const code of new Set(codes)) expect(logged).not.toContain(code);
    const serverLog = JSON.stringify(t().logLines);
    for (const secret of secrets) expect(serverLog).not.toContain(secret);
  });
});
