import { AUDIT_DATA_KINDS, I18N_RESOURCES, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';
import { AUDIT_PERIODS } from './utils/audit-range';

/** The workbench's, the records list's and the history query's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(
  [
    './**/*.{ts,tsx}',
    '../../settings/data-audit/**/*.{ts,tsx}',
    '../../query/history/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Every quoted key of the namespace: t('…') calls and the list definition's labels. */
const QUOTED = /'(dataAudit\.[\w.]+)'/g;

/** Keys built from values, and the shared contract's messages (schemas/data-audit.ts). */
const builtKeys = [
  ...(['invalid', 'valid', 'replace'] as const).flatMap((a) => [
    `dataAudit.dialog.title.${a}`,
    `dataAudit.dialog.ok.${a}`,
  ]),
  ...AUDIT_DATA_KINDS.map((kind) => `dataAudit.kind.${kind}`),
  ...AUDIT_PERIODS.map((period) => `dataAudit.period.${period}`),
  ...['reasonRequired', 'dayRequired', 'cellsRequired', 'replaceOneCell', 'valueRequired', 'rangeTooLong'].map(
    (key) => `dataAudit.${key}`,
  ),
];

function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('data audit translations', () => {
  it.each(LANGUAGES)('cover every key the screens use in %s', (lang) => {
    const keys = [...literalKeys(SOURCES), ...literalKeys(SOURCES, QUOTED), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 40);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    const [zh, en] = LANGUAGES.map((lang) => keyPaths(I18N_RESOURCES[lang].dataAudit).sort());
    expect(en).toEqual(zh);
  });

  it('name every key the namespace holds somewhere in the screens', () => {
    const used = new Set([...literalKeys(SOURCES, QUOTED), ...builtKeys]);
    // A counted text is used under its key without the plural suffix.
    const unused = keyPaths(I18N_RESOURCES['zh-CN'].dataAudit).filter(
      (key) => !used.has(`dataAudit.${key.replace(/_(one|other)$/, '')}`),
    );
    expect(unused).toEqual([]);
  });
});
