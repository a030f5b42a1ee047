import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_SIZES, LANGUAGES, type ConsoleSize, type Language } from '@envmon/shared';
import { readCookie, writeCookie, PREFERENCE_COOKIES } from '../../lib/cookies';
import { captureError } from '../../lib/error-log';
import { FALLBACK_LANGUAGE, i18n, isLanguageLoaded, loadShownLanguage } from '../../lib/i18n';
import { consoleConfigQueryOptions } from '../../lib/console-config';
import { THEMES, type ThemeName } from './theme';

/**
 * Theme, size and language (SPEC section 1 and 'Layout'). Language and size start from the
 * server's configuration (zh → zh-CN/medium, en → en-US/small); once the user chooses, the
 * choice is kept in a cookie and wins from then on.
 */
export interface Preferences {
  theme: ThemeName;
  size: ConsoleSize;
  language: Language;
  setTheme: (theme: ThemeName) => void;
  setSize: (size: ConsoleSize) => void;
  setLanguage: (language: Language) => void;
}

const PreferencesContext = createContext<Preferences | null>(null);

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs <PreferencesProvider>');
  return value;
}

const FALLBACK_SIZE: ConsoleSize = 'medium';
const FALLBACK_THEME: ThemeName = 'light';

function applyLanguage(language: Language): void {
  // lib/dayjs follows i18next's language.
  if (i18n.language !== language) void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

interface Chosen {
  theme: ThemeName | null;
  size: ConsoleSize | null;
  language: Language | null;
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Chosen>(() => ({
    theme: readCookie(PREFERENCE_COOKIES.theme, THEMES),
    size: readCookie(PREFERENCE_COOKIES.size, CONSOLE_SIZES),
    language: readCookie(PREFERENCE_COOKIES.language, LANGUAGES),
  }));
  const needsDefaults = chosen.size === null || chosen.language === null;
  const config = useQuery({ ...consoleConfigQueryOptions(), enabled: needsDefaults });

  const defaultsPending = needsDefaults && config.isPending;
  const wanted = chosen.language ?? config.data?.defaultLanguage ?? FALLBACK_LANGUAGE;
  const size = chosen.size ?? config.data?.defaultSize ?? FALLBACK_SIZE;
  const theme = chosen.theme ?? FALLBACK_THEME;
  // A language is shown once its translations have arrived; until then the one before stays (or nothing shows).
  const [shown, setShown] = useState<Language | null>(() => (isLanguageLoaded(wanted) ? wanted : null));
  // The language waits for the server's default only when no choice of the user's names it.
  const languagePending = chosen.language === null && config.isPending;
  useEffect(() => {
    if (languagePending) return;
    let current = true;
    const show = () => current && setShown(wanted);
    loadShownLanguage(wanted).then(show, (error: unknown) => {
      // Keys instead of words beat a console that never appears; the failure is in the error log.
      captureError(error, 'rejection');
      show();
    });
    return () => {
      current = false;
    };
  }, [wanted, languagePending]);
  const language = shown ?? wanted;
  // Before anything renders text, so no screen paints in the wrong language first.
  if (shown) applyLanguage(shown);

  const setTheme = useCallback((next: ThemeName) => {
    writeCookie(PREFERENCE_COOKIES.theme, next);
    setChosen((c) => ({ ...c, theme: next }));
  }, []);
  const setSize = useCallback((next: ConsoleSize) => {
    writeCookie(PREFERENCE_COOKIES.size, next);
    setChosen((c) => ({ ...c, size: next }));
  }, []);
  const setLanguage = useCallback((next: Language) => {
    writeCookie(PREFERENCE_COOKIES.language, next);
    setChosen((c) => ({ ...c, language: next }));
  }, []);

  const value = useMemo<Preferences>(
    () => ({ theme, size, language, setTheme, setSize, setLanguage }),
    [theme, size, language, setTheme, setSize, setLanguage],
  );

  // The server's defaults or the language's words are on the way: a blank moment rather than keys on screen.
  if (defaultsPending || !shown) return null;
  return <PreferencesContext value={value}>{children}</PreferencesContext>;
}
