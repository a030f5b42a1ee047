import { Drawer } from 'antd';
import { LIMITS } from '@envmon/shared';
import { usePreferences } from '../providers/preferences';
import { CHROME } from '../providers/theme';
import type { MenuGroup } from '../menu/build-menu';
import { MobileMenu } from './menus';

/**
 * The whole menu in a drawer from the left: the side bar of a phone's narrow screen (SPEC section 4). The layout
 * loads it the first time it opens, so that a screen which never shows it (a desktop's) downloads no Drawer.
 */
export default function MenuDrawer({
  open,
  onClose,
  menu,
  activeGroup,
  selectedPath,
}: {
  open: boolean;
  onClose: () => void;
  menu: readonly MenuGroup[];
  activeGroup: MenuGroup | null;
  selectedPath: string;
}) {
  const { theme } = usePreferences();
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={LIMITS.sidebarWidth}
      closable={false}
      className="app-menu-drawer"
      styles={{ body: { padding: 0, background: CHROME[theme].sider } }}
    >
      <MobileMenu menu={menu} activeGroup={activeGroup} selectedPath={selectedPath} onNavigate={onClose} />
    </Drawer>
  );
}
