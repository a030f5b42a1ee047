import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServerLogger, LOG_FILE_BASE } from './logger.js';

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
