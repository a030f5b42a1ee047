import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.js';

const scriptsOf = (packageJson: string): Record<string, string> =>
  (JSON.parse(readFileSync(new URL(packageJson, import.meta.url), 'utf8')) as { scripts: Record<string, string> })
    .scripts;

describe('SERVER_NODE_FLAGS', () => {
  it('is passed to node by every package script that starts the server', () => {
    const starts = [
      ...Object.values(scriptsOf('../../../../package.json')),
      ...Object.values(scriptsOf('../../package.json')),
    ].filter((script) => script.includes('dist/main.js'));
    expect(starts.length).toBeGreaterThanOrEqual(3);
    for (const script of starts) expect(script).toMatch(`node ${SERVER_NODE_FLAGS.join(' ')} `);
  });
});
