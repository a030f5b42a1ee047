import { iotCardEndpoints } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listPageQueryOptions } from '../../../../components/crud/list-endpoints';

/** How many of the project's cards are in an expiry state: the summary only needs the total. */
const countQuery = (expiry: 'soon' | 'expired', projectId: number | undefined) =>
  listPageQueryOptions(iotCardEndpoints.list, { pageNum: 1, pageSize: 1, expiry, projectId }, { quiet: true });

/** How many of the project's cards expire within 30 days or have expired. */
export function IotCardSummary({ projectId }: { projectId?: number }) {
  const { t } = useTranslation();
  const soon = useQuery(countQuery('soon', projectId));
  const expired = useQuery(countQuery('expired', projectId));
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
