import { Menu, type MenuProps } from 'antd';
import type { Language } from '@envmon/shared';
import { useNavigate } from 'react-router';
import { pageEntry, ResourceIcon } from '../../config/registry';
import { menuLabel, type MenuGroup, type MenuPage } from '../menu/build-menu';
import { usePreferences } from '../providers/preferences';

type MenuItems = NonNullable<MenuProps['items']>;

/** Opens a menu page: most are routes in the layout; the dashboard opens in a new tab (SPEC section 2). */
export function useOpenPage(): (page: MenuPage) => void {
  const navigate = useNavigate();
  return (page) => {
    const newTab = pageEntry(page.code)?.opensInNewTab;
    if (newTab) window.open(newTab, '_blank', 'noopener');
    else void navigate(page.path);
  };
}

/** Where a group's top-menu item leads: its first page that lives in the layout. */
export function groupEntryPage(group: MenuGroup): MenuPage | undefined {
  return group.pages.find((page) => !pageEntry(page.code)?.opensInNewTab) ?? group.pages[0];
}

function pageItems(pages: readonly MenuPage[], language: Language): MenuItems {
  return pages.map((page) => ({ key: page.path, icon: <ResourceIcon name={page.icon} />, label: menuLabel(page, language) }));
}

/** The top bar's groups (SPEC section 2 'Dynamic menu'). */
export function TopMenu({ menu, activeGroup }: { menu: readonly MenuGroup[]; activeGroup: MenuGroup | null }) {
  const { language } = usePreferences();
  const openPage = useOpenPage();
  return (
    <Menu
      className="app-top-menu"
      theme="dark"
      mode="horizontal"
      selectedKeys={activeGroup ? [activeGroup.code] : []}
      items={menu.map((group) => ({ key: group.code, icon: <ResourceIcon name={group.icon} />, label: menuLabel(group, language) }))}
      onClick={({ key }) => {
        const group = menu.find((g) => g.code === key);
        const page = group && groupEntryPage(group);
        if (page) openPage(page);
      }}
    />
  );
}

/** The pages of the active group, in the side bar. */
export function SideMenu({ group, selectedPath, collapsed }: { group: MenuGroup; selectedPath: string; collapsed: boolean }) {
  const { language } = usePreferences();
  const openPage = useOpenPage();
  return (
    <Menu
      className="app-side-menu"
      theme="dark"
      mode="inline"
      inlineCollapsed={collapsed}
      selectedKeys={[selectedPath]}
      items={pageItems(group.pages, language)}
      onClick={({ key }) => {
        const page = group.pages.find((p) => p.path === key);
        if (page) openPage(page);
      }}
    />
  );
}

/** Mobile mode has no room for a top bar of groups: the drawer holds the whole menu. */
export function MobileMenu({
  menu,
  activeGroup,
  selectedPath,
  onNavigate,
}: {
  menu: readonly MenuGroup[];
  activeGroup: MenuGroup | null;
  selectedPath: string;
  onNavigate: () => void;
}) {
  const { language } = usePreferences();
  const openPage = useOpenPage();
  return (
    <Menu
      className="app-side-menu"
      theme="dark"
      mode="inline"
      defaultOpenKeys={activeGroup ? [activeGroup.code] : []}
      selectedKeys={[selectedPath]}
      items={menu.map((group) => ({
        key: group.code,
        icon: <ResourceIcon name={group.icon} />,
        label: menuLabel(group, language),
        children: pageItems(group.pages, language),
      }))}
      onClick={({ key }) => {
        const page = menu.flatMap((g) => g.pages).find((p) => p.path === key);
        if (page) {
          openPage(page);
          onNavigate();
        }
      }}
    />
  );
}
