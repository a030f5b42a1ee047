import { useEffect } from 'react';
import { Button, Flex, Layout, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { WallDashboard } from '../../features/dashboard';
import { FullscreenToggle } from '../layout/header/fullscreen-toggle';
import { LanguageChooser, ThemeChooser } from '../layout/header/preference-choosers';

/**
 * /dashboard/index: the full-screen dashboard the menu opens in a new tab, without the side menu
 * (SPEC section 2): the live monitoring wall, with the header's fullscreen, language, theme and way back.
 */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t('layout.pages.dashboard')} - ${t('common.appName')}`;
  }, [t]);
  return (
    <Layout className="app-layout">
      <Layout.Header className="app-header">
        <Flex align="center" gap={12} style={{ flex: 1, minWidth: 0 }}>
          <Logo />
          <Typography.Title level={4} className="app-dashboard-title">
            {t('layout.pages.dashboard')}
          </Typography.Title>
        </Flex>
        <Flex align="center" gap={4} className="app-header-tools">
          <FullscreenToggle />
          <LanguageChooser />
          <ThemeChooser />
          <Button
            className="app-header-link"
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={() => void navigate('/index')}
          >
            {t('layout.dashboard.backToConsole')}
          </Button>
        </Flex>
      </Layout.Header>
      <Layout.Content className="app-content app-dashboard-content">
        <WallDashboard />
      </Layout.Content>
    </Layout>
  );
}
