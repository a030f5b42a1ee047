import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@envmon/shared';
import { CONSOLE_NAMESPACES, PUBLIC_NAMESPACES } from './i18n-namespaces';

export const FALLBACK_LANGUAGE: Language = 'zh-CN';

/**
 * The translations: one JSON file per namespace and language in packages/shared/src/i18n (the files
 * behind shared's I18N_RESOURCES). Only the language shown is fetched — both would be a sixth of the login page's
 * download —, and of it the namespaces asked for: those of the pages before sign-in (PUBLIC_NAMESPACES) first, the
 * layout's (SHELL_NAMESPACES) with the signed-in console, and each screen's with the screen (lazyPage).
 * PUBLIC_FILES are the files of PUBLIC_NAMESPACES (a glob's pattern is written out: it must be a literal).
 */
const PUBLIC_FILES = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/shared/src/i18n/*/{common,auth,layout,validation}.json',
  { import: 'default' },
);

const filePath = (language: Language, namespace: string) => `../../../../packages/shared/src/i18n/${language}/${namespace}.json`;

/** A namespace's translations in a language: the public ones from here, the console's through its own loaders. */
async function readTranslations(language: Language, namespace: string): Promise<Record<string, unknown>> {
  const files = PUBLIC_NAMESPACES.includes(namespace)
    ? PUBLIC_FILES
    : (await import('./i18n-console-files')).TRANSLATION_FILES;
  const read = files[filePath(language, namespace)];
  if (!read) throw new Error(`no translations of ${namespace} in ${language}`);
  return read();
}

const NAMESPACES = [...PUBLIC_NAMESPACES, ...CONSOLE_NAMESPACES];

/** The console's namespaces asked for so far: every language loaded from then on comes with them. */
const wanted = new Set<string>(PUBLIC_NAMESPACES);
let lastLanguage: Language | null = null;

/**
 * A text whose namespace has not been fetched (a screen that did not name it) shows its key until it arrives:
 * it is fetched then, and the texts render again (`bindI18nStore`). The warning names the namespace to add to the
 * screen's list.
 */
function missingKey(languages: readonly string[], namespace: string): void {
  const [language] = languages;
  if (!language || !NAMESPACES.includes(namespace) || wanted.has(namespace)) return;
  if (i18n.hasResourceBundle(language, namespace)) return; // a key its namespace lacks: nothing to fetch
  console.warn(`translations of '${namespace}' were fetched late: name the namespace with its screen (lazyPage)`);
  void loadConsoleTranslations([namespace]);
}

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
  // A missing text shows as its whole key, 'namespace.path' — as the code writes it and as the browser tests' scan for
  // untranslated keys looks for it — rather than without its namespace.
  appendNamespaceToMissingKey: true,
  initAsync: false,
  saveMissing: true,
  saveMissingTo: 'current',
  missingKeyHandler: missingKey,
  react: { bindI18nStore: 'added' },
});

const loads = new Map<string, Promise<void>>();

/** Fetches one namespace of a language once (again after a failed fetch). */
function loadNamespace(language: Language, namespace: string): Promise<void> {
  const key = `${language}/${namespace}`;
  let load = loads.get(key);
  if (!load) {
    load = readTranslations(language, namespace).then(
      (resources) => {
        i18n.addResourceBundle(language, namespace, resources, true, true);
      },
      (error: unknown) => {
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, load);
  }
  return load;
}

/** Fetches all of a language's translations (tests read both languages whole); resolves when they are in i18next. */
export function loadLanguage(language: Language): Promise<void> {
  return Promise.all(NAMESPACES.map((namespace) => loadNamespace(language, namespace))).then(() => undefined);
}

/**
 * Fetches what the console shows of a language: the namespaces asked for so far (those of the pages before
 * sign-in, and the console's once asked for); resolves when they are in i18next.
 */
export function loadShownLanguage(language: Language): Promise<void> {
  lastLanguage = language;
  return Promise.all([...wanted].map((namespace) => loadNamespace(language, namespace))).then(() => undefined);
}

/**
 * The signed-in console's namespaces (all of them unless named), for the language asked for last and every one
 * loaded from now on. Before any language has been asked for (a returning user's shell fetched at start) there is
 * nothing to fetch yet: the language, when asked for, comes with them.
 */
export function loadConsoleTranslations(namespaces: readonly string[] = CONSOLE_NAMESPACES): Promise<void> {
  for (const namespace of namespaces) wanted.add(namespace);
  if (!lastLanguage) return Promise.resolve();
  const language = lastLanguage;
  return Promise.all(namespaces.map((namespace) => loadNamespace(language, namespace))).then(() => undefined);
}

/** The language's translations that are wanted now are in i18next. */
export function isLanguageLoaded(language: Language): boolean {
  return [...wanted].every((namespace) => i18n.hasResourceBundle(language, namespace));
}

export { i18n };
