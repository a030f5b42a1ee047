import { DEVOPS_KINDS, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys the list definition names as data (labels, placeholders, hints), besides those passed to t(…). */
const DEFINITION_KEYS = /'((?:devops|common)\.[\w.]+)'/g;

/** Keys built from values: the kinds, the rule the shared schema names, the upload refusals. */
const builtKeys = [
  ...DEVOPS_KINDS.map((kind) => `devops.kinds.${kind}`),
  'devops.rules.order',
  'devops.files.full',
  'devops.files.unsupported',
  'common.messages.fileTooLarge',
];

describe('devops translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...new Set([...literalKeys(SOURCES), ...literalKeys(SOURCES, DEFINITION_KEYS)]), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 20);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('finds the quoted keys the upload check returns', () => {
    const quoted = literalKeys(SOURCES, /'(devops\.[\w.]+)'/g);
    expect(quoted).toEqual(expect.arrayContaining(['devops.files.full', 'devops.files.unsupported']));
  });
});
