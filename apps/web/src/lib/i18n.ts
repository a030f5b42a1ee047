import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_RESOURCES, LANGUAGES, MESSAGES, NAMESPACES, type Language, type MessageKey } from '@envmon/shared';

export const FALLBACK_LANGUAGE: Language = 'zh-CN';

/**
 * Keys are written `namespace.path.to.key` everywhere (shared CRUD definitions use
 * `system.user.userName`), so the namespace separator is the same dot as the key separator:
 * i18next then treats the first segment as a namespace only when it names one.
 */
void i18n.use(initReactI18next).init({
  resources: I18N_RESOURCES,
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: 'common',
  nsSeparator: '.',
  keySeparator: '.',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export { i18n };

// Longest first, so a message that begins with a shorter one still matches itself.
const MESSAGE_ENTRIES = (Object.entries(MESSAGES) as [MessageKey, string][]).sort((a, b) => b[1].length - a[1].length);

/**
 * The server writes the spec's messages in Chinese. A desc that starts with one of them is shown
 * in the console's language; the rest (e.g. the field detail after '参数错误！') is kept as is.
 */
export function translateDesc(desc: string): string {
  for (const [key, text] of MESSAGE_ENTRIES) {
    if (!desc.startsWith(text)) continue;
    const translationKey = `common.messages.${key}`;
    return i18n.exists(translationKey) ? i18n.t(translationKey) + desc.slice(text.length) : desc;
  }
  return desc;
}
