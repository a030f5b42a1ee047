import {
  I18N_RESOURCES,
  interpolate,
  issueMessage,
  MESSAGES,
  translate,
  type Language,
  type MessageKey,
} from '@envmon/shared';
import type { z } from 'zod';

/**
 * The server's words in the caller's language: the console sends its language in Accept-Language
 * (apps/web lib/api.ts); a caller that names neither Chinese nor English gets the spec's Chinese.
 */
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** The language of the first of the header's ranges, by weight, that is Chinese or English. */
export function pickLanguage(header: string | readonly string[] | undefined): Language {
  const text = typeof header === 'string' ? header : (header ?? []).join(',');
  const ranges = text
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const weight = options.map((o) => /^\s*q=([\d.]+)\s*$/.exec(o)?.[1]).find((q) => q !== undefined);
      return {
        primary: tag.trim().toLowerCase().split('-')[0] ?? '',
        q: weight === undefined ? 1 : Number(weight),
        index,
      };
    })
    .filter((r) => r.q > 0)
    // Stable by position among equal weights, as the header lists its preferences.
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranges) {
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}

/** The language a request asked for. */
export const languageOf = (request: { headers: Record<string, string | string[] | undefined> }): Language =>
  pickLanguage(request.headers['accept-language']);

/**
 * A value a message interpolates: a number or a code as is, or words that depend on the language
 * (a list of problems, a field's label), computed for the language the answer is written in.
 */
export type MessageParam = string | number | ((language: Language) => string);
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** The text of any i18n key in `language`, its placeholders filled; the key itself when it names no text. */
export function words(language: Language, key: string, values: Readonly<Record<string, string | number>> = {}): string {
  return interpolate(translate(key, language) ?? key, values);
}

/** A message of MESSAGES (`common.messages.<key>`) in `language`: for Chinese the spec's exact text. */
export function messageText(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'function' ? value(language) : value]),
  );
  return interpolate(translate(`common.messages.${key}`, language) ?? MESSAGES[key], values);
}

/** A list in the language's way (、 in Chinese, commas in English). */
export const listOf = (language: Language, items: readonly string[]): string =>
  items.join(words(language, 'common.messageParts.listSeparator'));

/** Messages of the shared schemas that are i18n keys of any namespace ('device.rules.*', 'validation.*'). */
const isI18nKey = (message: string): boolean => translate(message, DEFAULT_LANGUAGE) !== null;

/** A zod issue's rule in words, e.g. '最多输入64位！' / 'At most 64 characters.'. */
export function ruleText(language: Language, issue: z.core.$ZodIssue): string {
  const { key, values } = issueMessage(issue, isI18nKey);
  return translate(key, language) === null ? words(language, 'validation.invalid') : words(language, key, values);
}

/** Sections that hold instructions or texts of their own, never the name of a field. */
const NOT_LABELS = new Set([
  'rules',
  'messages',
  'messageParts',
  'actions',
  'tabs',
  'pages',
  'help',
  'errors',
  'request',
  'states',
  'state',
  'status',
  'notify',
  'result',
]);
const NOT_LABEL_NAMESPACES = new Set(['validation', 'docs', 'layout']);

interface LabelCandidate {
  key: string;
  sections: string[];
}

/** Every text that may name a field, by the field's name (the key's last segment). */
const LABELS: ReadonlyMap<string, readonly LabelCandidate[]> = (() => {
  const byField = new Map<string, LabelCandidate[]>();
  const walk = (node: unknown, path: string[]) => {
    if (node === null || typeof node !== 'object') return;
    for (const [name, child] of Object.entries(node)) {
      if (typeof child === 'string') {
        const list = byField.get(name) ?? [];
        list.push({ key: [...path, name].join('.'), sections: path });
        byField.set(name, list);
      } else if (!NOT_LABELS.has(name)) {
        walk(child, [...path, name]);
      }
    }
  };
  // Both languages have the same keys (a test keeps them equal): the Chinese tree lists them.
  for (const [namespace, tree] of Object.entries(I18N_RESOURCES[DEFAULT_LANGUAGE])) {
    if (!NOT_LABEL_NAMESPACES.has(namespace)) walk(tree, [namespace]);
  }
  return byField;
})();

/**
 * A field's label: among the texts named like the field, the one whose namespace and sections the
 * request's path names most (`/manager/system/device/rest/add` → `device.fields.*`), a `fields`
 * section first; the field's own name when no text names it.
 */
export function fieldLabel(language: Language, field: string, url: string): string {
  const candidates = LABELS.get(field);
  if (!candidates) return field;
  const path = url.split('?')[0] ?? '';
  const segments = new Set(path.split('/').map((s) => s.toLowerCase()));
  const score = ({ sections }: LabelCandidate) =>
    sections.filter((s) => segments.has(s.toLowerCase())).length * 2 + (sections.at(-1) === 'fields' ? 1 : 0);
  const [best] = [...candidates].sort((a, b) => score(b) - score(a));
  return best ? words(language, best.key) : field;
}
