import type { Language } from '@envmon/shared';
import { GALLERY_VIEW_TITLES } from '../../features/gallery';
import { findPage, menuLabel, type MenuGroup, type MenuLabel } from '../menu/build-menu';

/**
 * What the layout knows about a location: its title (for tab, breadcrumb and document title) and
 * the menu group it belongs to. Fixed routes of SPEC section 2 have translated titles; generated
 * routes take the resource's name in the current language.
 */
export type ViewTitle = { type: 'key'; key: string } | ({ type: 'menu' } & MenuLabel);

export interface ViewInfo {
  title: ViewTitle;
  group: MenuGroup | null;
}

export const HOME_VIEW_PATH = '/index';

const FIXED_VIEW_TITLES: Readonly<Record<string, string>> = {
  [HOME_VIEW_PATH]: 'layout.pages.home',
  '/pwd': 'layout.pages.password',
  '/pwd/index': 'layout.pages.password',
  '/documentation/index': 'layout.pages.documentation',
  '/guide/index': 'layout.pages.guide',
  ...GALLERY_VIEW_TITLES,
};

/** Paths that are not views of their own (the refresh hop) never become tabs. */
export function isTransientPath(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/redirect/');
}

export function resolveView(pathname: string, menu: readonly MenuGroup[]): ViewInfo | null {
  const fixed = FIXED_VIEW_TITLES[pathname];
  if (fixed) return { title: { type: 'key', key: fixed }, group: null };
  const match = findPage(menu, pathname);
  if (match) return { title: { type: 'menu', name: match.page.name, nameEn: match.page.nameEn }, group: match.group };
  return null;
}

export function titleText(title: ViewTitle, language: Language, t: (key: string) => string): string {
  return title.type === 'key' ? t(title.key) : menuLabel(title, language);
}
