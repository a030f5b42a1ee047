import { I18N_RESOURCES, type Language } from '@envmon/shared';

/**
 * Helpers of the per-screen translation tests: each test globs its screens' sources as text
 * (Vite's `import.meta.glob` must be written in the test itself) and checks that every key
 * they use has a text in both languages.
 */

/** The text (or subtree) at `namespace.path`, if any. */
export function i18nText(lang: Language, key: string): unknown {
  const [ns = '', ...path] = key.split('.');
  let node: unknown = (I18N_RESOURCES[lang] as Record<string, unknown>)[ns];
  for (const part of path)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** A key with a non-empty text; a key used with a count resolves through its plural form (key_other). */
export function resolvesKey(lang: Language, key: string): boolean {
  const resolves = (k: string) => {
    const node = i18nText(lang, k);
    return typeof node === 'string' && node !== '';
  };
  return resolves(key) || resolves(`${key}_other`);
}

/** Literal keys passed to t(…) in the sources, or (with a pattern) any quoted key it matches. */
export function literalKeys(
  sources: Record<string, string>,
  pattern: RegExp = /\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g,
): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const match of source.matchAll(pattern)) if (match[1]) keys.add(match[1]);
  }
  return [...keys].sort();
}

/** The keys without a text in `lang`. */
export function unresolvedKeys(lang: Language, keys: readonly string[]): string[] {
  return keys.filter((key) => !resolvesKey(lang, key));
}
