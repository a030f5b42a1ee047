import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogFile } from './log-file.js';

describe('LogFile', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the newest files only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'envmon-log-'));
    dirs.push(dir);
    const file = new LogFile({ dir, base: 'app', maxBytes: 100, keep: 2 });
    for (let i = 0; i < 10; i += 1) file.write(`${String(i).padStart(79, '0')}\n`);
    await file.end();
    // Each 80-byte line fills a file: ten files were written, the current one and two more remain.
    await vi.waitFor(() => expect(readdirSync(dir)).toHaveLength(3));
    expect(readdirSync(dir).map((name) => /\.(\d+)\.log$/.exec(name)?.[1])).toEqual(
      expect.arrayContaining(['8', '9', '10']),
    );
  });
});
