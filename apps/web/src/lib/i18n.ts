import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_RESOURCES, LANGUAGES, NAMESPACES, type Language } from '@envmon/shared';

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
