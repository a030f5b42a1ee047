import { I18N_RESOURCES, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';

function resolves(lang: (typeof LANGUAGES)[number], key: string): boolean {
  const [ns = '', ...path] = key.split('.');
  let node: unknown = (I18N_RESOURCES[lang] as Record<string, unknown>)[ns];
  for (const part of path)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' && node !== '';
}

/** Both real-time screens' sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '../realtime-chart/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(SOURCES)) {
    for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) if (match[1]) keys.add(match[1]);
  }
  return [...keys].sort();
}

/** Keys built from values: the push connection's states. */
const builtKeys = ['open', 'connecting', 'closed'].map((state) => `realtime.live.${state}`);

describe.each(LANGUAGES)('real-time translations in %s', (lang) => {
  it('cover every key the screens use', () => {
    const keys = [...literalKeys(), ...builtKeys];
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((key) => !resolves(lang, key))).toEqual([]);
  });
});
