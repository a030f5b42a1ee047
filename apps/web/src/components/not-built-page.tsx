import { Result, Typography } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The honest placeholder for a screen the menu offers but a later issue builds: it names the
 * screen and says it is not there yet, instead of showing invented data. Loaded with the first such
 * screen (app/router/menu-routes.tsx): antd's Result is not in the console's first download.
 */
export default function NotBuiltPage({ name, code }: { name: string; code: string }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<ToolOutlined />}
      title={t('layout.notBuilt.title', { name })}
      subTitle={t('layout.notBuilt.description')}
      extra={<Typography.Text type="secondary">{t('layout.notBuilt.code', { code })}</Typography.Text>}
      data-testid="not-built-page"
    />
  );
}
