import { Card, Flex, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const STEPS = ['signIn', 'appearance', 'project', 'menu', 'tabs', 'password', 'help'] as const;
const ADMIN_STEPS = ['users', 'roles', 'resources', 'dictionary', 'logs'] as const;

/** /guide/index: a first-day walk through the console, then the administrator's round. */
export default function GuidePage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('docs.guide.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('docs.guide.intro')}</Typography.Paragraph>
        <Steps
          orientation="vertical"
          current={-1}
          items={STEPS.map((step) => ({
            title: t(`docs.guide.steps.${step}.title`),
            content: t(`docs.guide.steps.${step}.description`),
            status: 'process',
          }))}
        />
      </Card>
      <Card title={t('docs.guide.admin.title')}>
        <Typography.Paragraph type="secondary">{t('docs.guide.admin.intro')}</Typography.Paragraph>
        <Steps
          orientation="vertical"
          size="small"
          current={-1}
          items={ADMIN_STEPS.map((step) => ({
            title: t(`docs.guide.admin.steps.${step}.title`),
            content: t(`docs.guide.admin.steps.${step}.description`),
            status: 'process',
          }))}
        />
      </Card>
    </Flex>
  );
}
