import { Dropdown } from 'antd';
import { ApiOutlined, BookOutlined, CompassOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeaderIconButton } from './header-button';

/** The API reference is served by the server itself, outside the console's routes. */
export const API_REFERENCE_URL = '/api-docs';

/** The help manual: documentation, guide and the API reference for integrators. */
export function HelpDropdown() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: '/documentation/index', icon: <BookOutlined />, label: t('layout.help.documentation') },
          { key: '/guide/index', icon: <CompassOutlined />, label: t('layout.help.guide') },
          { key: API_REFERENCE_URL, icon: <ApiOutlined />, label: t('layout.help.apiReference') },
        ],
        onClick: ({ key }) => {
          if (key === API_REFERENCE_URL) window.open(API_REFERENCE_URL, '_blank', 'noopener');
          else void navigate(key);
        },
      }}
    >
      <HeaderIconButton icon={<QuestionCircleOutlined />} label={t('layout.header.help')} data-testid="help-menu" />
    </Dropdown>
  );
}
