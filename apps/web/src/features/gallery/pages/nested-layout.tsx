import { Card, ConfigProvider, Flex, Menu, type MenuProps, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { GalleryHeader } from '../components/gallery-header';
import { GALLERY_PATHS, NESTED_MENU, type NestedNode, nestedLeaves } from '../paths';

const MENU_WIDTH = 240;

type MenuItems = NonNullable<MenuProps['items']>;

/**
 * antd's selected item (and the branch above it) is written in the primary colour on its pale selection
 * background, under AA contrast in the dark theme; the text colour keeps it readable, the background marks it.
 */
const readableSelection = (text: string) => ({ itemSelectedColor: text, subMenuItemSelectedColor: text });

/** /nested: the example's own menu beside its pages, branches open where the page sits. */
export default function NestedMenuLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const leaf = nestedLeaves().find((page) => page.path === pathname);
  const toItems = (nodes: readonly NestedNode[], trail: readonly string[]): MenuItems =>
    nodes.map((node) => {
      const here = [...trail, node.key];
      const label = t(`gallery.nested.items.${node.key}`);
      return node.children
        ? { key: here.join('/'), label, children: toItems(node.children, here) }
        : { key: `${GALLERY_PATHS.nested}/${here.join('/')}`, label };
    });
  // The branches above the page open whenever a page is reached (by the menu, a link or the address); the
  // user may still close them. The page itself is selected.
  const branches = leaf ? leaf.trail.slice(0, -1).map((_, i) => leaf.trail.slice(0, i + 1).join('/')) : [];
  const [open, setOpen] = useState({ path: pathname, keys: branches });
  if (open.path !== pathname) setOpen({ path: pathname, keys: [...new Set([...open.keys, ...branches])] });
  return (
    <Flex vertical gap={16} data-testid="gallery-nested">
      <GalleryHeader title={t('gallery.nested.title')} intro={t('gallery.nested.intro')} />
      <Flex gap={16} align="start" wrap>
        <Card style={{ width: MENU_WIDTH, flex: 'none' }} styles={{ body: { padding: 8 } }}>
          <nav aria-label={t('gallery.nested.menuLabel')}>
            <ConfigProvider theme={{ components: { Menu: readableSelection(token.colorText) } }}>
              <Menu
                mode="inline"
                items={toItems(NESTED_MENU, [])}
                selectedKeys={[pathname]}
                openKeys={open.keys}
                onOpenChange={(keys) => setOpen({ path: pathname, keys })}
                onClick={({ key }) => void navigate(key)}
                style={{ borderInlineEnd: 'none' }}
                data-testid="gallery-nested-menu"
              />
            </ConfigProvider>
          </nav>
        </Card>
        <div style={{ flex: 1, minWidth: 280 }}>
          <Outlet />
        </div>
      </Flex>
    </Flex>
  );
}
