import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '@envmon/shared';
import { useFocusableScrollRegions } from '../../lib/focusable-scroll';
import { usePrefersReducedMotion } from '../../lib/reduced-motion';
import { MessageHolder } from './message-holder';
import { PreferencesProvider, usePreferences } from './preferences';
import { queryClient } from './query-client';
import { antdSize, themeConfig } from './theme';

const BUTTON_CONFIG = { autoInsertSpace: false } as const;

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } satisfies Record<Language, unknown>;

function ThemedAntd({ children }: { children: ReactNode }) {
  const { theme, size, language } = usePreferences();
  const reducedMotion = usePrefersReducedMotion();
  const config = useMemo(() => themeConfig(theme, size, reducedMotion), [theme, size, reducedMotion]);
  useFocusableScrollRegions();
  useEffect(() => {
    // Lets the stylesheet match the theme where antd tokens do not reach (page background, scroll bars).
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    // antd spaces out a two-character Chinese label ('查 询') only when it is the button's sole text, so the same
    // word showed both ways; no inserted space anywhere is the one rule.
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      componentSize={antdSize(size)}
      theme={config}
      button={BUTTON_CONFIG}
    >
      <AntdApp className="app-root">
        <MessageHolder />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

/** Server state, preferences, then antd's theme, size and locale around the whole console. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <ThemedAntd>{children}</ThemedAntd>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
