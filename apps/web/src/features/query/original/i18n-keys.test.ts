import { LANGUAGES, ORIGINAL_STATUSES, STATION_STATE_KINDS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';
import { OTHER_COLUMNS } from '../other/utils/other-columns';

/** The original-packet and other-data screens' sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '../other/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys built from values: statuses, kinds, the kind tables' columns. */
const builtKeys = [
  ...ORIGINAL_STATUSES.map((s) => `original.status.${s}`),
  ...STATION_STATE_KINDS.map((k) => `original.other.kinds.${k}`),
  ...Object.values(OTHER_COLUMNS).flatMap((fields) => fields.map((f) => `original.fields.${f}`)),
];

describe.each(LANGUAGES)('original and other data translations in %s', (lang) => {
  it('cover every key the screens use', () => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
