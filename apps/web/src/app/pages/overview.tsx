import { Button, Card, Col, Descriptions, Flex, Row, Space, Tag, Typography } from 'antd';
import { ApiOutlined, BookOutlined, CompassOutlined, ExportOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE } from '@envmon/shared';
import { pageEntry, ResourceIcon } from '../../config/registry';
import { dayjs } from '../../lib/dayjs';
import { API_REFERENCE_URL } from '../layout/header/help-dropdown';
import { useOpenPage } from '../layout/menus';
import { menuLabel } from '../menu/build-menu';
import { usePreferences } from '../providers/preferences';
import { useSession } from '../session-context';

const FULL_DATE_FORMAT = 'LL dddd';
const GUTTER: [number, number] = [16, 16];

/**
 * The signed-in user's starting point: who they are, what their roles let them reach, and where
 * to read more. Only facts the console knows — no invented figures.
 */
export function Overview() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { user, menu, roleNames } = useSession();
  const openPage = useOpenPage();
  const navigate = useNavigate();
  const pageCount = menu.reduce((sum, group) => sum + group.pages.length, 0);
  const displayName = user.nackName || user.name || user.userName;

  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('layout.home.welcome', { name: displayName })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{dayjs().format(FULL_DATE_FORMAT)}</Typography.Paragraph>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          size="small"
          items={[
            { key: 'userName', label: t('layout.home.userName'), children: user.userName },
            { key: 'name', label: t('layout.home.name'), children: user.name },
            {
              key: 'roles',
              label: t('layout.home.roles'),
              children: (
                <Space wrap size={4}>
                  {roleNames.map((role) => (
                    <Tag key={role} color={role === ADMIN_ROLE ? 'gold' : 'blue'}>
                      {role}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            {
              key: 'reach',
              label: t('layout.home.reach'),
              children: t('layout.home.reachValue', { pages: pageCount, groups: menu.length }),
            },
            {
              key: 'devices',
              label: t('layout.home.devices'),
              children:
                user.deviceCodes.length > 0
                  ? t('layout.home.devicesBound', { count: user.deviceCodes.length })
                  : t('layout.home.devicesAll'),
            },
          ]}
        />
      </Card>

      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('layout.home.quickLinks')}
      </Typography.Title>
      {menu.length === 0 ? (
        <Card>
          <Typography.Text type="secondary">{t('layout.home.noPages')}</Typography.Text>
        </Card>
      ) : (
        <Row gutter={GUTTER}>
          {menu.map((group) => (
            <Col key={group.code} xs={24} md={12} xl={8}>
              <Card
                size="small"
                title={
                  <Space>
                    <ResourceIcon name={group.icon} />
                    {menuLabel(group, language)}
                  </Space>
                }
                style={{ height: '100%' }}
              >
                <Flex wrap gap={8}>
                  {group.pages.map((page) => (
                    <Button key={page.code} icon={<ResourceIcon name={page.icon} />} onClick={() => openPage(page)}>
                      {menuLabel(page, language)}
                      {pageEntry(page.code)?.opensInNewTab && (
                        <ExportOutlined aria-label={t('layout.home.opensNewTab')} />
                      )}
                    </Button>
                  ))}
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      )}

      <Card size="small" title={t('layout.home.help')}>
        <Space wrap>
          <Button icon={<BookOutlined />} onClick={() => void navigate('/documentation/index')}>
            {t('layout.help.documentation')}
          </Button>
          <Button icon={<CompassOutlined />} onClick={() => void navigate('/guide/index')}>
            {t('layout.help.guide')}
          </Button>
          <Button icon={<ApiOutlined />} href={API_REFERENCE_URL} target="_blank">
            {t('layout.help.apiReference')}
          </Button>
        </Space>
      </Card>
    </Flex>
  );
}
