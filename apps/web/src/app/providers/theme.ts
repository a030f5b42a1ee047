import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ConsoleSize } from '@envmon/shared';
import { readableTokens } from './readable-colors';

export const THEMES = ['light', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];

/**
 * The console's chrome (header and menus) per SPEC section 1: the light theme has a dark slate
 * menu, the dark theme a blue one. Content follows antd's default or dark algorithm.
 */
export const CHROME: Record<
  ThemeName,
  { header: string; sider: string; submenu: string; selected: string; border: string }
> = {
  // The selected item carries white text: AA (4.5:1) in both (readable-colors.ts).
  light: { header: '#0f172a', sider: '#1e293b', submenu: '#0f172a', selected: '#0958d9', border: '#334155' },
  dark: { header: '#0b2a63', sider: '#0f3a86', submenu: '#0b2f70', selected: '#2563eb', border: '#1d4ed8' },
};

export const PRIMARY_COLOR = '#1677ff';

/** The header keeps one height in every size, so the sticky side bar below it lines up (styles.css). */
export const HEADER_HEIGHT = 64;

/** antd has two control sizes; the spec's 'mini' is the small one made compact. */
export function antdSize(size: ConsoleSize): 'middle' | 'small' {
  switch (size) {
    case 'medium':
      return 'middle';
    case 'small':
    case 'mini':
      return 'small';
  }
}

const configs = new Map<string, ThemeConfig>();

/** The theme of a name and size, computed once (choosing readable shades measures antd's palettes). */
export function themeConfig(name: ThemeName, size: ConsoleSize, reducedMotion = false): ThemeConfig {
  const key = `${name}/${size}/${reducedMotion}`;
  const known = configs.get(key);
  if (known) return known;
  // Asked for less motion (the system setting): the same theme with antd's transitions and animations off.
  const config = reducedMotion ? withoutMotion(themeConfig(name, size)) : buildThemeConfig(name, size);
  configs.set(key, config);
  return config;
}

const withoutMotion = (config: ThemeConfig): ThemeConfig => ({ ...config, token: { ...config.token, motion: false } });

function buildThemeConfig(name: ThemeName, size: ConsoleSize): ThemeConfig {
  const chrome = CHROME[name];
  const algorithm = [name === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm];
  if (size === 'mini') algorithm.push(antdTheme.compactAlgorithm);
  const readable = readableTokens({ algorithm, token: { colorPrimary: PRIMARY_COLOR } });
  return {
    algorithm,
    token: { colorPrimary: PRIMARY_COLOR, ...readable.token },
    components: {
      Tabs: readable.tabs,
      Tag: readable.tag,
      Layout: {
        headerBg: chrome.header,
        siderBg: chrome.sider,
        triggerBg: chrome.submenu,
        headerPadding: '0 16px',
        headerHeight: HEADER_HEIGHT,
      },
      Menu: {
        darkItemBg: chrome.sider,
        darkSubMenuItemBg: chrome.submenu,
        darkPopupBg: chrome.sider,
        darkItemSelectedBg: chrome.selected,
        horizontalItemSelectedBg: chrome.selected,
      },
    },
  };
}
