import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_SIZES, LANGUAGES, type ConsoleSize, type Language } from '@envmon/shared';
import { PageLoading } from '../../components/page-loading';
import { readCookie, writeCookie, PREFERENCE_COOKIES } from '../../lib/cookies';
import { setDayjsLanguage } from '../../lib/dayjs';
import { FALLBACK_LANGUAGE, i18n } from '../../lib/i18n';
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
  if (i18n.language !== language) void i18n.changeLanguage(language);
  setDayjsLanguage(language);
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

  const language = chosen.language ?? config.data?.defaultLanguage ?? FALLBACK_LANGUAGE;
  const size = chosen.size ?? config.data?.defaultSize ?? FALLBACK_SIZE;
  const theme = chosen.theme ?? FALLBACK_THEME;
  // Before anything renders text, so no screen paints in the wrong language first.
  applyLanguage(language);

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
    applyLanguage(next);
    setChosen((c) => ({ ...c, language: next }));
  }, []);

  const value = useMemo<Preferences>(
    () => ({ theme, size, language, setTheme, setSize, setLanguage }),
    [theme, size, language, setTheme, setSize, setLanguage],
  );

  if (needsDefaults && config.isPending) return <PageLoading fullscreen />;
  return <PreferencesContext value={value}>{children}</PreferencesContext>;
}
