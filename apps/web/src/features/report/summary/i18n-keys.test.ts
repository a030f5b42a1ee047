import { ISOTOPE_UNITS, LANGUAGES, ROSE_UNITS, SUMMARY_UNITS, TRANSMISSION_UNITS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The four statistics screens' sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(
  [
    './**/*.{ts,tsx}',
    '../transmission/**/*.{ts,tsx}',
    '../isotope/**/*.{ts,tsx}',
    '../odor-rose/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Keys built from values: the data units and summary units. */
const builtKeys = [
  ...[...new Set([...TRANSMISSION_UNITS, ...ISOTOPE_UNITS, ...ROSE_UNITS])].map((u) => `statistics.units.${u}`),
  ...SUMMARY_UNITS.map((u) => `statistics.summaryUnits.${u}`),
];

describe.each(LANGUAGES)('statistics report translations in %s', (lang) => {
  it('cover every key the screens use', () => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 20);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
