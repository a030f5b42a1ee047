import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.js';

const scriptsOf = (path: string): Record<string, string> =>
  (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the server’s Node.js flags', () => {
  // package.json cannot import them: its commands spell them out, and must say the same.
  it.each([
    ['package.json', 'start'],
    ['package.json', 'dev:server'],
    ['apps/server/package.json', 'start'],
  ])('%s’s %s script starts the server with them', (file, script) => {
    const path = file === 'package.json' ? '../../../package.json' : '../package.json';
    const command = scriptsOf(path)[script] ?? '';
    expect(command).toMatch(new RegExp(`node ${SERVER_NODE_FLAGS.join(' ')} (apps/server/)?dist/main\\.js`));
  });
});
