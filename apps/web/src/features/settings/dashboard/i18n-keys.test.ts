import { DASHBOARD_CARDS, I18N_RESOURCES, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys the list definition names as data (labels, placeholders, hints), besides those passed to t(…). */
const DEFINITION_KEYS = /'((?:dashboardSettings|common)\.[\w.]+)'/g;
const usedKeys = () => [...new Set([...literalKeys(SOURCES), ...literalKeys(SOURCES, DEFINITION_KEYS)])];

/** Keys built from values: the cards, labelled in the dashboard namespace. */
const builtKeys = DASHBOARD_CARDS.map((card) => `dashboard.cards.${card}`);

/** Every key path of a translation tree, e.g. 'form.add'; plural forms as the key they resolve (count_one → count). */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}
const withoutPlural = (key: string) => key.replace(/_(?:zero|one|two|few|many|other)$/, '');

describe('dashboard settings translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...usedKeys(), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 20);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    const [zh, en] = LANGUAGES.map((lang) => keyPaths(I18N_RESOURCES[lang].dashboardSettings).sort());
    expect(en).toEqual(zh);
  });

  it('name every key the namespace holds somewhere in the screen', () => {
    const used = new Set(usedKeys());
    const unused = keyPaths(I18N_RESOURCES['zh-CN'].dashboardSettings)
      .map(withoutPlural)
      .filter((key) => !used.has(`dashboardSettings.${key}`));
    expect(unused).toEqual([]);
  });
});
