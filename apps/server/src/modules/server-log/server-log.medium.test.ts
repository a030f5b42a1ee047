import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES, type ServerLogFile } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, useTestApp } from '../../test/harness.js';

const SERVER_LOG = '/manager/system/serverLog/rest';

describe('server log', () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    const dir = t().config.logDir;
    mkdirSync(join(dir, 'archive'), { recursive: true });
    writeFileSync(join(dir, 'envmon.2025-01-01.1.log'), 'older line\n');
    writeFileSync(join(dir, 'envmon.2025-01-02.1.log'), '{"msg":"newer line"}\n');
    writeFileSync(join(t().dir, 'outside.txt'), 'secret outside the log dir');
  });

  it('lists the files of LOG_DIR (not directories) with size and time', async () => {
    const files = await call<ServerLogFile[]>(t().app, admin, 'GET', `${SERVER_LOG}/getList`);
    expect(files.map((f) => f.fileName).sort()).toEqual(['envmon.2025-01-01.1.log', 'envmon.2025-01-02.1.log']);
    expect(files.find((f) => f.fileName === 'envmon.2025-01-01.1.log')?.size).toBe('older line\n'.length);
  });

  it('downloads one file as an attachment', async () => {
    const response = await t().app.inject({
      url: `${SERVER_LOG}/get`,
      query: { fileName: 'envmon.2025-01-02.1.log' },
      headers: { token: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe('attachment; filename="envmon.2025-01-02.1.log"');
    expect(response.body).toBe('{"msg":"newer line"}\n');
  });

  it('refuses names that leave LOG_DIR', async () => {
    const get = (fileName: string) =>
      t().app.inject({ url: `${SERVER_LOG}/get`, query: { fileName }, headers: { token: admin } });
    for (const fileName of ['../outside.txt', '..%2Foutside.txt', '/etc/passwd', 'archive/x']) {
      const response = await get(fileName);
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toContain('secret');
    }
    for (const fileName of ['..', '.', 'archive', 'missing.log']) {
      const response = await get(fileName);
      expect(body(response)).toEqual({ status: -1, code: '000001', desc: MESSAGES.notFound });
    }
  });

  it('needs the token in a header for a download: one in the URL is not read', async () => {
    const queries: Record<string, string>[] = [{}, { token: admin }];
    for (const query of queries) {
      const response = await t().app.inject({
        url: `${SERVER_LOG}/get`,
        query: { fileName: 'envmon.2025-01-02.1.log', ...query },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('client error reports', () => {
  const t = useTestApp();
  const report = (message: string, remoteAddress = '10.0.0.1') =>
    t().app.inject({
      method: 'POST',
      url: '/manager/system/clientError/rest/report',
      payload: { message, stack: 'at x (app.js:1:1)', url: 'http://localhost/index', time: 1 },
      remoteAddress,
    });

  it('writes a public report to the server log, not to the operation log', async () => {
    const response = await report('TypeError: boom');
    expect(response.statusCode).toBe(200);
    expect(body(response).status).toBe(200);
    const line = t().logLines.find((l) => l.msg === 'console error reported');
    expect(line?.clientError).toMatchObject({
      message: 'TypeError: boom',
      url: 'http://localhost/index',
      ip: '10.0.0.1',
    });

    const admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    const logs = await call<{ total: number }>(t().app, admin, 'GET', '/manager/system/log/rest/get', {
      query: { url: 'clientError' },
    });
    expect(logs.total).toBe(0);
  });

  it('rejects large bodies', async () => {
    const response = await report('x'.repeat(20_000));
    expect(response.statusCode).toBe(413);
    expect(body(response).desc).toBe(MESSAGES.fileTooLarge);
  });

  it('rate-limits one address and not another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) statuses.push((await report(`error ${i}`, '10.0.0.2')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await report('other', '10.0.0.3')).statusCode).toBe(200);
    t().clock.advance(60_000);
    expect((await report('later', '10.0.0.2')).statusCode).toBe(200);
  });
});
