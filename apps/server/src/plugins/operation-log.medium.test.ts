import { MESSAGES, type OperationLog, type Page } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { MASK_DEPTH_MARKER } from '../lib/mask.js';
import { ADMIN_PASSWORD, body, call, login, useTestApp } from '../test/harness.js';
import { ANONYMOUS_FAILURES_PER_MINUTE } from './operation-log.js';

const LOG = '/manager/system/log/rest/get';
const ROLE_ADD = '/manager/system/role/rest/add';
const DEPTH = 10_000;

/** JSON text of an object nested `depth` levels deep ({"a":{"a":…}}): built as text, as an attacker sends it. */
const nested = (depth: number, leaf = '1') => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

describe('operation log of hostile bodies', () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  const post = (payload: string) =>
    t().app.inject({
      method: 'POST',
      url: ROLE_ADD,
      headers: { token: admin, 'content-type': 'application/json' },
      payload,
    });

  const latest = async () =>
    (await call<Page<OperationLog>>(t().app, admin, 'GET', LOG, { query: { url: ROLE_ADD, pageSize: '1' } })).list[0];

  it('answers a field nested 10,000 deep with the invalid-input envelope, and records the call, the deep part cut off', async () => {
    const response = await post(`{"roleName":${nested(DEPTH)},"remark":"deep","password":"hunter2"}`);
    expect(response.statusCode).toBe(400);
    expect(body(response).status).toBe(-1);
    expect(body(response).desc.startsWith(MESSAGES.invalidInput)).toBe(true);
    const entry = await latest();
    expect(entry).toMatchObject({ userName: 'admin', status: -1 });
    expect(entry?.params).toContain('"remark":"deep"');
    expect(entry?.params).toContain(MASK_DEPTH_MARKER);
    expect(entry?.params).not.toContain('hunter2');
  });

  it('answers a body that is a 10,000-deep array with the invalid-input envelope, and records it', async () => {
    const response = await post(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ status: -1 });
    expect((await latest())?.params).toContain(MASK_DEPTH_MARKER);
  });

  it('records failed calls by nobody at a bounded rate per address: a sign-in flood does not fill the database', async () => {
    const LOGIN = '/manager/system/login/rest/login';
    const attempt = (remoteAddress: string) =>
      t().app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { userName: 'flood', password: 'wrong-password' },
        remoteAddress,
      });
    const recorded = async (ip: string) =>
      (
        await call<Page<OperationLog>>(t().app, admin, 'GET', LOG, { query: { url: LOGIN, pageSize: '1000' } })
      ).list.filter((entry) => entry.ip === ip).length;
    for (let i = 0; i < 3 * ANONYMOUS_FAILURES_PER_MINUTE; i += 1) {
      expect(body(await attempt('10.9.0.1')).status).toBe(-1);
    }
    await attempt('10.9.0.2');
    expect(await recorded('10.9.0.1')).toBe(ANONYMOUS_FAILURES_PER_MINUTE);
    // Another address, and the next minute, are recorded again.
    expect(await recorded('10.9.0.2')).toBe(1);
    t().clock.advance(60_000);
    await attempt('10.9.0.1');
    expect(await recorded('10.9.0.1')).toBe(ANONYMOUS_FAILURES_PER_MINUTE + 1);
  });

  it('logs no error for any of them', () => {
    expect(t().logLines.filter((l) => l.level === 50)).toEqual([]);
  });
});
