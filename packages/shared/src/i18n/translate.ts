import { I18N_RESOURCES, type Language } from './index.js';

/**
 * Resolves an i18n key such as `system.user.userName` (namespace `system`, key `user.userName`)
 * without i18next, for code that speaks outside the console (the server's messages and files).
 * Null when the key names no text.
 */
export function translate(key: string, lang: Language): string | null {
  const [namespace, ...path] = key.split('.');
  let node: unknown = (I18N_RESOURCES[lang] as Record<string, unknown>)[namespace ?? ''];
  for (const part of path) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : null;
}

/** Fills `{{name}}` placeholders as i18next does; a placeholder without a value stays as written. */
export function interpolate(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
