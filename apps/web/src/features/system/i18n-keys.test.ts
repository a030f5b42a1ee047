import { CRUD, I18N_RESOURCES, LANGUAGES, MESSAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';

function text(lang: (typeof LANGUAGES)[number], key: string): unknown {
  const [ns = '', ...path] = key.split('.');
  let node: unknown = (I18N_RESOURCES[lang] as Record<string, unknown>)[ns];
  for (const part of path)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** Keys are `namespace.path` (the console's i18n uses '.' for both separators). */
function resolves(lang: (typeof LANGUAGES)[number], key: string): boolean {
  const node = text(lang, key);
  return typeof node === 'string' && node !== '';
}

/** The system screens and the generic CRUD page, as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '../../components/crud/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

/** Literal keys passed to t(…). */
function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(SOURCES)) {
    for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) {
      if (match[1]) keys.add(match[1]);
    }
  }
  return [...keys].sort();
}

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
    expect(definitionKeys().filter((key) => !resolves(lang, key))).toEqual([]);
  });

  it('cover every key the system screens and the CRUD page use', () => {
    const keys = literalKeys();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !resolves(lang, key))).toEqual([]);
  });

  it('cover every validation key the shared schemas use', () => {
    const used = ['required', 'tooLong', 'tooShort', 'pattern', 'mobile', 'email', 'max', 'min', 'invalid'];
    expect(used.map((k) => `validation.${k}`).filter((key) => !resolves(lang, key))).toEqual([]);
  });
});

describe('the delete confirmation in Chinese', () => {
  it('uses the spec’s words exactly (SPEC section 5)', () => {
    expect(text('zh-CN', 'common.messages.deleteConfirmTitle')).toBe(MESSAGES.deleteConfirmTitle);
    expect(text('zh-CN', 'common.messages.deleteConfirm')).toBe(MESSAGES.deleteConfirm);
  });
});
