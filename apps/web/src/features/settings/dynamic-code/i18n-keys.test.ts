import { I18N_RESOURCES, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys built from values: the enrolment states; the rules the shared schemas name. */
const builtKeys = [
  ...['none', 'pending', 'confirmed'].map((state) => `dynamicCode.statuses.${state}`),
  'dynamicCode.rules.code',
  'dynamicCode.rules.unknownCommand',
];
const usedKeys = () => [...new Set([...literalKeys(SOURCES), ...builtKeys])];

/** Every key path of a translation tree, e.g. 'fields.code'. */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('dynamic code translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = usedKeys();
    expect(keys.length).toBeGreaterThan(builtKeys.length + 20);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('name every key the namespace holds somewhere in the screen', () => {
    const used = new Set(usedKeys());
    const unused = keyPaths(I18N_RESOURCES['zh-CN'].dynamicCode).filter((key) => !used.has(`dynamicCode.${key}`));
    expect(unused).toEqual([]);
  });
});
