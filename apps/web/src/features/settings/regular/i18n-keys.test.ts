import { I18N_RESOURCES, LANGUAGES, REGULAR_MODES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys the list definition names as data (labels, hints), besides those passed to t(…). */
const DEFINITION_KEYS = /'((?:regular|common)\.[\w.]+)'/g;
const usedKeys = () => [...new Set([...literalKeys(SOURCES), ...literalKeys(SOURCES, DEFINITION_KEYS)])];

/** Keys built from values: the handling modes; the schema's messages. */
const builtKeys = [
  ...REGULAR_MODES.map((mode) => `regular.modes.${mode}`),
  'regular.validation.units',
  'regular.validation.duplicate',
];

function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('data rule translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...usedKeys(), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 15);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    const [zh, en] = LANGUAGES.map((lang) => keyPaths(I18N_RESOURCES[lang].regular).sort());
    expect(en).toEqual(zh);
  });

  it('name every key the namespace holds somewhere in the screen', () => {
    const used = new Set([...usedKeys(), ...builtKeys]);
    const unused = keyPaths(I18N_RESOURCES['zh-CN'].regular).filter((key) => !used.has(`regular.${key}`));
    expect(unused).toEqual([]);
  });
});
