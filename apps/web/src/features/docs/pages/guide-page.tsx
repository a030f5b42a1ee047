import { Card, Flex, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GUIDE_ROUNDS, type GuideRound } from '../guide-rounds';

/** One round of the guide: its intro, then its steps. */
function GuideSteps({ round, size }: { round: GuideRound; size?: 'small' }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph type="secondary">{t(`${round.prefix}.intro`)}</Typography.Paragraph>
      <Steps
        orientation="vertical"
        size={size}
        current={-1}
        items={round.steps.map((step) => ({
          title: t(`${round.prefix}.steps.${step}.title`),
          content: t(`${round.prefix}.steps.${step}.description`),
          status: 'process',
        }))}
      />
    </>
  );
}

/** /guide/index: a first-day walk through the console, the data screens, then the administrator's round. */
export default function GuidePage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('docs.guide.title')}
        </Typography.Title>
        <GuideSteps round={GUIDE_ROUNDS.firstDay} />
      </Card>
      <Card title={t('docs.guide.data.title')}>
        <GuideSteps round={GUIDE_ROUNDS.data} size="small" />
      </Card>
      <Card title={t('docs.guide.admin.title')}>
        <GuideSteps round={GUIDE_ROUNDS.admin} size="small" />
      </Card>
    </Flex>
  );
}
