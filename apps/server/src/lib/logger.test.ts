import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServerLogger, LOG_FILE_BASE, type TerminalFormat } from './logger.js';

const BOUND = 64 * 1024;
const FILLER = 'x'.repeat(200);

describe('createServerLogger', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function files(dir: string): { name: string; size: number; lines: string[] }[] {
    return readdirSync(dir).map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      return { name, size: statSync(join(dir, name)).size, lines: text.split('\n').filter(Boolean) };
    });
  }

  /** Bursts of lines with the event loop turning between them, as a busy server logs. */
  async function logBursts(dir: string, bursts: number, run: number): Promise<void> {
    const { logger, close } = createServerLogger('info', dir, { maxFileBytes: BOUND, stdout: false });
    for (let burst = 0; burst < bursts; burst += 1) {
      for (let i = 0; i < 100; i += 1) logger.info({ run, burst, i, filler: FILLER }, 'a line');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await close();
  }

  it('keeps every file within its size bound, however fast lines come, and loses none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'envmon-log-'));
    dirs.push(dir);
    await logBursts(dir, 40, 1);
    // A restart goes on in the last file, still within the bound.
    await logBursts(dir, 10, 2);

    await vi.waitFor(() => expect(files(dir).flatMap((f) => f.lines)).toHaveLength(5000));
    const written = files(dir);
    expect(written.length).toBeGreaterThan(15);
    for (const file of written) {
      expect(file.name).toMatch(new RegExp(`^${LOG_FILE_BASE}\\.\\d{4}-\\d{2}-\\d{2}\\.\\d+\\.log$`));
      expect(file.size, file.name).toBeLessThanOrEqual(BOUND);
      // Lines are never split between files.
      for (const line of file.lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
  });
});

describe('the terminal', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A logger whose terminal lines are kept, and a Fastify app on it that has served one request. */
  async function serveOne(level: string, format?: TerminalFormat) {
    const dir = mkdtempSync(join(tmpdir(), 'envmon-terminal-'));
    dirs.push(dir);
    const terminal: string[] = [];
    const server = createServerLogger(level, dir, { terminal: { write: (text) => terminal.push(text) }, format });
    const app = Fastify({ loggerInstance: server.logger });
    app.get('/manager/probe', () => ({ ok: true }));
    await app.inject({ url: '/manager/probe?token=QueryTokenSecret1' });
    server.logger.warn({ station: 'SIM01', url: '/x?password=WarnPasswordSecret2' }, 'a station was refused');
    server.logger.error({ err: new Error('disk full') }, 'batch failed');
    await app.close();
    await server.close();
    const file = readdirSync(dir)
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('');
    return { terminal: terminal.join(''), file };
  }

  it('shows requests only at debug, while the file keeps them at info', async () => {
    const { terminal, file } = await serveOne('info');
    const requests = file
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.msg === 'incoming request' || entry.msg === 'request completed');
    expect(requests.map((r) => [r.level, r.msg])).toEqual([
      [30, 'incoming request'],
      [30, 'request completed'],
    ]);
    expect(terminal).not.toContain('/manager/probe');
    expect(terminal).not.toContain('request');
    expect(terminal).toContain('a station was refused');

    const debug = await serveOne('debug');
    expect(debug.terminal).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} DEBUG incoming request .*\/manager\/probe/m);
    expect(debug.terminal).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} DEBUG request completed .*"statusCode":200/m);
  });

  it('writes one readable line per entry (an error with its stack below it), or JSON when asked', async () => {
    const { terminal } = await serveOne('info');
    const lines = terminal.split('\n').filter(Boolean);
    expect(lines[0]).toMatch(
      /^\d{2}:\d{2}:\d{2}\.\d{3} WARN {2}a station was refused station=SIM01 url=\/x\?password=/,
    );
    expect(lines[1]).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} ERROR batch failed$/);
    expect(lines[2]).toBe('    Error: disk full');
    expect(lines.slice(3).every((line) => line.startsWith('        at '))).toBe(true);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).toThrow();

    const json = await serveOne('info', 'json');
    const entries = json.terminal
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string });
    expect(entries.map((e) => e.msg)).toEqual(['a station was refused', 'batch failed']);
  });

  it('gets every line masked, like the file', async () => {
    for (const format of ['text', 'json'] as const) {
      const { terminal, file } = await serveOne('trace', format);
      expect(terminal).toContain('/manager/probe');
      for (const text of [terminal, file]) {
        expect(text).not.toContain('QueryTokenSecret1');
        expect(text).not.toContain('WarnPasswordSecret2');
        expect(text).toContain('******');
      }
    }
  });
});
