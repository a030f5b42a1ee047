import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { iotCardPageQueryOptions } from '../api/get-iot-cards';

/** The summary only needs the totals. */
const COUNT_ONLY = { pageNum: 1, pageSize: 1 };

/** How many of the project's cards expire within 30 days or have expired. */
export function IotCardSummary({ projectId }: { projectId?: number }) {
  const { t } = useTranslation();
  const soon = useQuery(iotCardPageQueryOptions({ ...COUNT_ONLY, expiry: 'soon', projectId }, { quiet: true }));
  const expired = useQuery(iotCardPageQueryOptions({ ...COUNT_ONLY, expiry: 'expired', projectId }, { quiet: true }));
  if (!soon.data || !expired.data) return null;
  return (
    <Typography.Text
      type={soon.data.total + expired.data.total > 0 ? 'warning' : 'secondary'}
      data-testid="iot-card-summary"
    >
      {t('iotCard.summary', { soon: soon.data.total, expired: expired.data.total })}
    </Typography.Text>
  );
}
