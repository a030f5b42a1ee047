import { LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** Both real-time screens' sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '../chart/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

/** Keys built from values: the push connection's states. */
const builtKeys = ['open', 'connecting', 'closed'].map((state) => `realtime.live.${state}`);

describe.each(LANGUAGES)('real-time translations in %s', (lang) => {
  it('cover every key the screens use', () => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(20);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
