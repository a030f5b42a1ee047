import { I18N_RESOURCES, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';

function resolves(lang: (typeof LANGUAGES)[number], key: string): boolean {
  const [ns = '', ...path] = key.split('.');
  let node: unknown = (I18N_RESOURCES[lang] as Record<string, unknown>)[ns];
  for (const part of path)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' && node !== '';
}

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Literal keys: passed to t(…) or kept in lookup tables ('wxAlarm.result.sent'). */
function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(SOURCES)) {
    for (const match of source.matchAll(/'((?:wxAlarm|common|validation)\.[\w.]+)'/g)) if (match[1]) keys.add(match[1]);
  }
  return [...keys].sort();
}

describe.each(LANGUAGES)('WeChat alarm translations in %s', (lang) => {
  it('cover every key the screen uses', () => {
    const keys = literalKeys();
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((key) => !resolves(lang, key))).toEqual([]);
  });
});
