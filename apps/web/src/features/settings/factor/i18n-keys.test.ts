import { FACTOR_KINDS, I18N_RESOURCES, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';
import { FACTOR_CATEGORIES } from './components/factor-vocabulary';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys the list definition names as data (labels, placeholders, hints), besides those passed to t(…). */
const DEFINITION_KEYS = /'((?:factorSettings|common)\.[\w.]+)'/g;

/** Keys built from values: the kinds, the categories and the quality fields' labels. */
const builtKeys = [
  ...FACTOR_KINDS.map((kind) => `factorSettings.kinds.${kind}`),
  ...FACTOR_CATEGORIES.map((category) => `factorSettings.categories.${category}`),
  ...['rangeMin', 'rangeMax', 'riseRatio', 'dropRatio'].map(
    (field) => `factorSettings.fields.${field}`,
  ),
];

/** Every key path of a translation tree, e.g. 'form.add'. */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('monitor factor translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...new Set([...literalKeys(SOURCES), ...literalKeys(SOURCES, DEFINITION_KEYS)]), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 20);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    const [zh, en] = LANGUAGES.map((lang) => keyPaths(I18N_RESOURCES[lang].factorSettings).sort());
    expect(en).toEqual(zh);
  });
});
