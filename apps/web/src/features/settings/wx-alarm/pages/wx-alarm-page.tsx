import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { wxAlarmSettingsQueryOptions } from '../api/get-settings';
import { WxAlarmForm } from '../components/wx-alarm-form';

/** Settings → WeChat alarm (SPEC section 2): where alarms are sent, which, to whom, and a test. */
export default function WxAlarmPage() {
  const { t } = useTranslation();
  const settings = useQuery(wxAlarmSettingsQueryOptions());
  return (
    <Card variant="borderless" title={t('wxAlarm.title')} data-testid="wx-alarm-page">
      <Typography.Paragraph type="secondary">{t('wxAlarm.description')}</Typography.Paragraph>
      {settings.isPending && <Skeleton active />}
      {settings.isError && (
        <Alert
          type="error"
          showIcon
          title={settings.error.message}
          action={<Button onClick={() => void settings.refetch()}>{t('common.actions.retry')}</Button>}
        />
      )}
      {/* Keyed by the save time: a refetch after another user's save shows their values. */}
      {settings.data && <WxAlarmForm key={settings.data.updateTime ?? 0} settings={settings.data} />}
    </Card>
  );
}
