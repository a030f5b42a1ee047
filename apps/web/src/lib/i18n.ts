import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@envmon/shared';
import { PUBLIC_NAMESPACES } from './i18n-namespaces';

export const FALLBACK_LANGUAGE: Language = 'zh-CN';

/**
 * The translations: one JSON file per namespace and language in packages/shared/src/i18n (the files
 * behind shared's I18N_RESOURCES). Only the language shown is fetched — both would be a sixth of the
 * login page's download —, and of it first the namespaces of the pages before sign-in (PUBLIC_NAMESPACES),
 * the others with the signed-in console (loadConsoleTranslations); vite.config.ts bundles each part of a
 * language into one chunk.
 */
const FILES = import.meta.glob<Record<string, unknown>>('../../../../packages/shared/src/i18n/*/*.json', {
  import: 'default',
});

type Part = 'public' | 'console';

function fileOf(path: string): { language: string; namespace: string } {
  const match = /i18n\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) throw new Error(`unexpected translation file ${path}`);
  return { language: match[1], namespace: match[2] };
}

const partOf = (namespace: string): Part => (PUBLIC_NAMESPACES.includes(namespace) ? 'public' : 'console');

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

const loads = new Map<string, Promise<void>>();
/** The signed-in console has been asked for: every language loaded from then on comes whole. */
let consoleWanted = false;
let lastLanguage: Language | null = null;

/** Fetches one part of a language's translations once (again after a failed fetch). */
function loadPart(language: Language, part: Part): Promise<void> {
  const key = `${language}/${part}`;
  let load = loads.get(key);
  if (!load) {
    const files = Object.entries(FILES).filter(([path]) => {
      const file = fileOf(path);
      return file.language === language && partOf(file.namespace) === part;
    });
    load = Promise.all(
      files.map(async ([path, read]) => {
        i18n.addResourceBundle(language, fileOf(path).namespace, await read(), true, true);
      }),
    ).then(
      () => undefined,
      (error: unknown) => {
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, load);
  }
  return load;
}

const partsWanted = (): Part[] => (consoleWanted ? ['public', 'console'] : ['public']);

/** Fetches all of a language's translations (tests read both languages whole); resolves when they are in i18next. */
export function loadLanguage(language: Language): Promise<void> {
  return Promise.all([loadPart(language, 'public'), loadPart(language, 'console')]).then(() => undefined);
}

/**
 * Fetches what the console shows of a language: the translations of the pages before sign-in, and the
 * console's once it has been asked for; resolves when they are in i18next.
 */
export function loadShownLanguage(language: Language): Promise<void> {
  lastLanguage = language;
  return Promise.all(partsWanted().map((part) => loadPart(language, part))).then(() => undefined);
}

/**
 * The signed-in console's namespaces, for the language asked for last and every one loaded from now on.
 * Before any language has been asked for (a returning user's shell fetched at start) there is nothing
 * to fetch yet: the language, when asked for, comes whole.
 */
export function loadConsoleTranslations(): Promise<void> {
  consoleWanted = true;
  return lastLanguage ? loadShownLanguage(lastLanguage) : Promise.resolve();
}

/** The language's translations that are wanted now are in i18next. */
export function isLanguageLoaded(language: Language): boolean {
  const wanted = partsWanted();
  return NAMESPACES.every((namespace) => !wanted.includes(partOf(namespace)) || i18n.hasResourceBundle(language, namespace));
}

export { i18n };
