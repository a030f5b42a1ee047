import { HISTORY_TIME_UNITS, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The history screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys built from values: the time units. */
const builtKeys = HISTORY_TIME_UNITS.map((u) => `history.units.${u}`);

describe.each(LANGUAGES)('history translations in %s', (lang) => {
  it('cover every key the screen uses', () => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
