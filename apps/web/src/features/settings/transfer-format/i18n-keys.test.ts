import { FORWARD_CNS, FORWARD_VALUE_SOURCES, I18N_RESOURCES, LANGUAGES, UPSTREAM_PROTOCOLS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';
import { FORWARD_STATES } from './components/forward-state';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys the list definition names as data (labels, hints), besides those passed to t(…). */
const DEFINITION_KEYS = /'((?:transferFormat|common)\.[\w.]+)'/g;
const usedKeys = () => [...new Set([...literalKeys(SOURCES), ...literalKeys(SOURCES, DEFINITION_KEYS)])];

/** Keys built from values: data kinds, value sources, protocols, states, lag units. */
const builtKeys = [
  ...FORWARD_CNS.map((cn) => `transferFormat.cns.${cn}`),
  ...FORWARD_VALUE_SOURCES.map((source) => `transferFormat.valueSources.${source}`),
  ...UPSTREAM_PROTOCOLS.map((protocol) => `transferFormat.protocols.${protocol}`),
  ...FORWARD_STATES.map((state) => `transferFormat.states.${state}`),
  ...['seconds', 'minutes', 'hours', 'days'].map((unit) => `transferFormat.lag.${unit}`),
];

function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('transfer format translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...usedKeys(), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 40);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    const [zh, en] = LANGUAGES.map((lang) => keyPaths(I18N_RESOURCES[lang].transferFormat).sort());
    expect(en).toEqual(zh);
  });

  it('name every key the namespace holds somewhere in the screen', () => {
    const used = new Set([...usedKeys(), ...builtKeys]);
    // A counted text's plural forms (deviceCount_one, _other) are used as the key without them.
    const unused = keyPaths(I18N_RESOURCES['zh-CN'].transferFormat)
      .map((key) => key.replace(/_(one|other)$/, ''))
      .filter((key) => !used.has(`transferFormat.${key}`));
    expect(unused).toEqual([]);
  });
});
