import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@envmon/shared';

export const FALLBACK_LANGUAGE: Language = 'zh-CN';

/**
 * The translations: one JSON file per namespace and language in packages/shared/src/i18n (the files
 * behind shared's I18N_RESOURCES). Only the language shown is fetched — both would be a sixth of the
 * login page's download —; vite.config.ts bundles each language's files into one chunk.
 */
const FILES = import.meta.glob<Record<string, unknown>>('../../../../packages/shared/src/i18n/*/*.json', {
  import: 'default',
});

function fileOf(path: string): { language: string; namespace: string } {
  const match = /i18n\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) throw new Error(`unexpected translation file ${path}`);
  return { language: match[1], namespace: match[2] };
}

const NAMESPACES = [...new Set(Object.keys(FILES).map((path) => fileOf(path).namespace))];

/**
 * Keys are written `namespace.path.to.key` everywhere (shared CRUD definitions use
 * `system.user.userName`), so the namespace separator is the same dot as the key separator:
 * i18next then treats the first segment as a namespace only when it names one.
 */
void i18n.use(initReactI18next).init({
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

const loads = new Map<Language, Promise<void>>();

/** Fetches a language's translations once (again after a failed fetch); resolves when they are in i18next. */
export function loadLanguage(language: Language): Promise<void> {
  let load = loads.get(language);
  if (!load) {
    const files = Object.entries(FILES).filter(([path]) => fileOf(path).language === language);
    load = Promise.all(
      files.map(async ([path, read]) => {
        i18n.addResourceBundle(language, fileOf(path).namespace, await read(), true, true);
      }),
    ).then(
      () => undefined,
      (error: unknown) => {
        loads.delete(language);
        throw error;
      },
    );
    loads.set(language, load);
  }
  return load;
}

/** The language's translations are in i18next (its common namespace stands for all). */
export const isLanguageLoaded = (language: Language): boolean => i18n.hasResourceBundle(language, 'common');

export { i18n };
