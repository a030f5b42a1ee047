import { Card, Flex, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { GalleryHeader } from '../components/gallery-header';
import { GALLERY_PATHS, NESTED_MENU, type NestedNode, nestedLeaves } from '../paths';

const MENU_WIDTH = 240;

type MenuItems = NonNullable<MenuProps['items']>;

/** /nested: the example's own menu beside its pages, branches open where the page sits. */
export default function NestedMenuLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const leaf = nestedLeaves().find((page) => page.path === pathname);
  const toItems = (nodes: readonly NestedNode[], trail: readonly string[]): MenuItems =>
    nodes.map((node) => {
      const here = [...trail, node.key];
      const label = t(`gallery.nested.items.${node.key}`);
      return node.children
        ? { key: here.join('/'), label, children: toItems(node.children, here) }
        : { key: `${GALLERY_PATHS.nested}/${here.join('/')}`, label };
    });
  // The branches above the page stay open; the page itself is selected.
  const openKeys = leaf ? leaf.trail.slice(0, -1).map((_, i) => leaf.trail.slice(0, i + 1).join('/')) : [];
  return (
    <Flex vertical gap={16} data-testid="gallery-nested">
      <GalleryHeader title={t('gallery.nested.title')} intro={t('gallery.nested.intro')} />
      <Flex gap={16} align="start" wrap>
        <Card style={{ width: MENU_WIDTH, flex: 'none' }} styles={{ body: { padding: 8 } }}>
          <nav aria-label={t('gallery.nested.menuLabel')}>
            <Menu
              mode="inline"
              items={toItems(NESTED_MENU, [])}
              selectedKeys={[pathname]}
              defaultOpenKeys={openKeys}
              onClick={({ key }) => void navigate(key)}
              style={{ borderInlineEnd: 'none' }}
              data-testid="gallery-nested-menu"
            />
          </nav>
        </Card>
        <div style={{ flex: 1, minWidth: 280 }}>
          <Outlet />
        </div>
      </Flex>
    </Flex>
  );
}
