import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@envmon/shared';
import { ErrorBoundary } from '../../components/error-boundary';
import { Logo } from '../../components/logo';
import { usePreferences } from '../providers/preferences';
import { useSession } from '../session-context';
import { BreadcrumbBar } from './breadcrumb-bar';
import { HeaderTools } from './header/header-tools';
import { SideMenu, TopMenu } from './menus';
import { TabBar } from './tabs/tab-bar';
import { useVisitedViews } from './tabs/use-visited-views';
import { useIsMobile } from './use-is-mobile';
import { resolveView, titleText } from './views';
import type { MenuGroup } from '../menu/build-menu';

const { Header, Sider, Content } = Layout;

const MenuDrawer = lazy(() => import('./menu-drawer'));

/** Keeps the side menu of the last group visited while on a page outside the menu (home, docs). */
function useActiveGroup(menu: readonly MenuGroup[], current: MenuGroup | null): MenuGroup | null {
  const [last, setLast] = useState<string | null>(null);
  if (current && current.code !== last) setLast(current.code);
  return current ?? menu.find((g) => g.code === last) ?? menu[0] ?? null;
}

/** Header with groups and tools, side menu of the active group, tab bar, breadcrumb, the page. */
export function MainLayout() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { menu } = useSession();
  const location = useLocation();
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from its first opening on, so that it closes with its animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);

  const view = useMemo(() => resolveView(location.pathname, menu), [location.pathname, menu]);
  const activeGroup = useActiveGroup(menu, view?.group ?? null);
  const visited = useVisitedViews(view);

  // Entering mobile mode closes the side bar (SPEC section 4).
  const [wasMobile, setWasMobile] = useState(mobile);
  if (wasMobile !== mobile) {
    setWasMobile(mobile);
    setDrawerOpen(false);
  }

  const title = view ? titleText(view.title, language, t) : null;
  useEffect(() => {
    document.title = title ? `${title} - ${t('common.appName')}` : t('common.appName');
  }, [title, t]);

  const showSider = !mobile && activeGroup !== null;

  return (
    <Layout className="app-layout">
      <Header className="app-header">
        {mobile && (
          <Button
            type="text"
            className="app-header-button"
            icon={<MenuUnfoldOutlined />}
            aria-label={t('layout.header.openMenu')}
            onClick={() => setDrawerOpen(true)}
          />
        )}
        <Link to="/index" className="app-logo" aria-label={t('common.appName')}>
          <Logo />
          {!mobile && <span className="app-logo-text">{t('common.appShortName')}</span>}
        </Link>
        <div className="app-top-menu-wrap">{!mobile && <TopMenu menu={menu} activeGroup={view?.group ?? null} />}</div>
        <HeaderTools mobile={mobile} />
      </Header>
      <Layout>
        {showSider && activeGroup && (
          <Sider
            className="app-sider"
            width={LIMITS.sidebarWidth}
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            trigger={
              collapsed ? (
                <MenuUnfoldOutlined aria-label={t('layout.header.expandMenu')} />
              ) : (
                <MenuFoldOutlined aria-label={t('layout.header.collapseMenu')} />
              )
            }
          >
            <SideMenu group={activeGroup} selectedPath={location.pathname} collapsed={collapsed} />
          </Sider>
        )}
        {mobile && drawerUsed && (
          <Suspense fallback={null}>
            <MenuDrawer
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              menu={menu}
              activeGroup={activeGroup}
              selectedPath={location.pathname}
            />
          </Suspense>
        )}
        <Layout className="app-main">
          <TabBar state={visited} />
          <Content className="app-content">
            <BreadcrumbBar view={view} pathname={location.pathname} />
            <ErrorBoundary resetKey={location.pathname}>
              <Outlet />
            </ErrorBoundary>
          </Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
