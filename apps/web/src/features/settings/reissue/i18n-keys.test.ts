import { LANGUAGES, REISSUE_REASONS, REISSUE_KINDS, REISSUE_MODES, REISSUE_STATUSES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys built from values: the vocabularies, and the rules the shared schema names. */
const builtKeys = [
  ...REISSUE_KINDS.map((cn) => `reissue.kinds.${cn}`),
  ...REISSUE_MODES.map((mode) => `reissue.modes.${mode}`),
  ...REISSUE_STATUSES.map((status) => `reissue.statuses.${status}`),
  ...REISSUE_REASONS.map((reason) => `reissue.reasons.${reason}`),
  ...['devices', 'tooManyDevices', 'order', ...REISSUE_KINDS.map((cn) => `tooLong${cn}`)].map(
    (rule) => `reissue.rules.${rule}`,
  ),
];

describe('data reissue translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 20);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
