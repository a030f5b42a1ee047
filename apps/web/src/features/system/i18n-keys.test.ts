import { CRUD, LANGUAGES, MESSAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { i18nText, literalKeys, unresolvedKeys } from '../../test/i18n-keys';

/** The system screens and the generic CRUD page, as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '../../components/crud/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

function definitionKeys(): string[] {
  const keys = new Set<string>();
  for (const def of Object.values(CRUD)) {
    keys.add(def.title);
    for (const item of [...def.columns, ...def.fields, ...def.filters]) keys.add(item.label);
  }
  return [...keys].sort();
}

describe.each(LANGUAGES)('translations in %s', (lang) => {
  it('cover every label of the CRUD definitions', () => {
    expect(unresolvedKeys(lang, definitionKeys())).toEqual([]);
  });

  it('cover every key the system screens and the CRUD page use', () => {
    const keys = literalKeys(SOURCES);
    expect(keys.length).toBeGreaterThan(0);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('cover every validation key the shared schemas use', () => {
    const used = ['required', 'tooLong', 'tooShort', 'pattern', 'mobile', 'email', 'max', 'min', 'invalid'];
    expect(
      unresolvedKeys(
        lang,
        used.map((k) => `validation.${k}`),
      ),
    ).toEqual([]);
  });
});

describe('the delete confirmation in Chinese', () => {
  it('uses the spec’s words exactly (SPEC section 5)', () => {
    expect(i18nText('zh-CN', 'common.messages.deleteConfirmTitle')).toBe(MESSAGES.deleteConfirmTitle);
    expect(i18nText('zh-CN', 'common.messages.deleteConfirm')).toBe(MESSAGES.deleteConfirm);
  });
});
