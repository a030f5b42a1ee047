import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  MinusCircleOutlined,
} from '@ant-design/icons';
import type { DeviceSyncOutcome, DeviceSyncResult } from '@envmon/shared';
import { Alert, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVocabularyLabel } from '../../../../components/vocabulary/vocabulary-tag';

/**
 * How each outcome looks: green done, red refused or failed, orange no answer, grey not sent.
 * antd's status colours follow the theme (light and dark).
 */
export const SYNC_OUTCOME_STYLE: Record<DeviceSyncOutcome, { color: string; icon: ReactNode }> = {
  ok: { color: 'success', icon: <CheckCircleOutlined /> },
  refused: { color: 'error', icon: <CloseCircleOutlined /> },
  failed: { color: 'error', icon: <ExclamationCircleOutlined /> },
  timeout: { color: 'warning', icon: <ClockCircleOutlined /> },
  notConnected: { color: 'default', icon: <DisconnectOutlined /> },
  skipped: { color: 'default', icon: <MinusCircleOutlined /> },
};

/** Outcomes that leave the station as the platform wants it. */
const SETTLED: ReadonlySet<DeviceSyncOutcome> = new Set(['ok', 'skipped']);

export function SyncOutcomeTag({ outcome }: { outcome: DeviceSyncOutcome }) {
  const { t } = useTranslation();
  const style = SYNC_OUTCOME_STYLE[outcome];
  return (
    <Tag color={style.color} icon={style.icon} data-outcome={outcome}>
      {t(`deviceDetail.sync.outcomes.${outcome}`)}
    </Tag>
  );
}

/** What the station answered to each pushed setting. */
export function SyncResults({ results }: { results: readonly DeviceSyncResult[] }) {
  const { t } = useTranslation();
  const label = useVocabularyLabel();
  const allSettled = results.every((r) => SETTLED.has(r.outcome));

  // The station's return codes by their meaning (HJ 212 Tables 6 and 7), not as bare numbers.
  const answer = (r: DeviceSyncResult): string => {
    const parts: string[] = [];
    if (r.qnRtn !== null) parts.push(t('deviceDetail.sync.qnRtn', { value: label('qnRtn', r.qnRtn) }));
    if (r.exeRtn !== null) parts.push(t('deviceDetail.sync.exeRtn', { value: label('exeRtn', r.exeRtn) }));
    return parts.length > 0 ? parts.join(', ') : t('deviceDetail.sync.noAnswer');
  };

  const columns: TableColumnsType<DeviceSyncResult> = [
    { key: 'item', title: t('deviceDetail.sync.item'), render: (_v, r) => t(`deviceDetail.sync.items.${r.item}`) },
    { key: 'cn', dataIndex: 'cn', title: t('deviceDetail.sync.command') },
    {
      key: 'outcome',
      title: t('deviceDetail.sync.outcome'),
      render: (_v, r) => <SyncOutcomeTag outcome={r.outcome} />,
    },
    { key: 'answer', title: t('deviceDetail.sync.answer'), render: (_v, r) => answer(r) },
  ];

  return (
    <Flex vertical gap="small" data-testid="device-sync-results">
      <Alert
        type={allSettled ? 'success' : 'warning'}
        showIcon
        title={allSettled ? t('deviceDetail.sync.allOk') : t('deviceDetail.sync.someFailed')}
      />
      <Table<DeviceSyncResult>
        rowKey="item"
        size="small"
        columns={columns}
        dataSource={[...results]}
        pagination={false}
      />
    </Flex>
  );
}

/**
 * Where a sync stands: waiting for the station, refused as a whole (e.g. the station is not
 * connected — the toast fades, this stays), or each item's answer.
 */
export function SyncFeedback({
  isPending,
  error,
  results,
}: {
  isPending: boolean;
  error: Error | null;
  results: readonly DeviceSyncResult[] | undefined;
}) {
  const { t } = useTranslation();
  if (isPending) return <Typography.Text type="secondary">{t('deviceDetail.setting.syncing')}</Typography.Text>;
  if (error) return <Alert type="error" showIcon title={error.message} data-testid="device-sync-error" />;
  return results ? <SyncResults results={results} /> : null;
}
