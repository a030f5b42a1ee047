import { I18N_RESOURCES, LANGUAGES, MONTHS, OUTLIER_APPLY_KINDS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys the list definition names as data (labels, placeholders, hints), besides those passed to t(…). */
const DEFINITION_KEYS = /'((?:outlierInterval|common)\.[\w.]+)'/g;
const usedKeys = () => [...new Set([...literalKeys(SOURCES), ...literalKeys(SOURCES, DEFINITION_KEYS)])];

/** Keys built from values: months, data kinds, levels. */
const builtKeys = [
  ...MONTHS.map((month) => `outlierInterval.monthNames.${month}`),
  ...OUTLIER_APPLY_KINDS.map((kind) => `outlierInterval.kinds.${kind}`),
  ...['factor', 'device'].map((level) => `outlierInterval.levels.${level}`),
];

/** Every key path of a translation tree, e.g. 'form.add'. */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('outlier interval translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...usedKeys(), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 30);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    const [zh, en] = LANGUAGES.map((lang) => keyPaths(I18N_RESOURCES[lang].outlierInterval).sort());
    expect(en).toEqual(zh);
  });

  it('name every key the namespace holds somewhere in the screen', () => {
    const used = new Set([...usedKeys(), ...builtKeys]);
    const unused = keyPaths(I18N_RESOURCES['zh-CN'].outlierInterval).filter(
      (key) => !used.has(`outlierInterval.${key}`),
    );
    expect(unused).toEqual([]);
  });
});
