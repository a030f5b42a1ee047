import { LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe.each(LANGUAGES)('WeChat alarm translations in %s', (lang) => {
  it('cover every key the screen uses', () => {
    const keys = literalKeys(SOURCES, /'((?:wxAlarm|common|validation)\.[\w.]+)'/g);
    expect(keys.length).toBeGreaterThan(20);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
