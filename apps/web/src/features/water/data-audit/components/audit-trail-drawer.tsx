import type { AuditDataKind, DataAuditRecord } from '@envmon/shared';
import { RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { QueryErrorAlert } from '../../../../components/crud/table-parts';
import { VocabularyTag, VocabularyText } from '../../../../components/vocabulary/vocabulary-tag';
import { formatTime } from '../../../../lib/format';
import { auditTrailQueryOptions, useRevokeAudit } from '../api/data-audit-api';
import { AuditChange, RevokedMark } from './audit-record-parts';

const DRAWER_WIDTH = 880;

/**
 * Asks before revoking a record, or the whole audit it belongs to (`batch`: every value one add touched, e.g.
 * a day's approval); the values go back to the state the records found.
 */
export function useConfirmRevoke(): (record: DataAuditRecord, batch?: boolean) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const revoke = useRevokeAudit();
  return (record, batch = false) => {
    modal.confirm({
      title: t(batch ? 'dataAudit.revoke.batchTitle' : 'dataAudit.revoke.title'),
      content: t(batch ? 'dataAudit.revoke.batchConfirm' : 'dataAudit.revoke.confirm'),
      okText: t('dataAudit.revoke.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        revoke.mutateAsync(batch ? { ids: [], batchId: record.batchId } : { ids: [record.id] }).then(() => undefined),
    });
  };
}

export interface AuditTrailDrawerProps {
  deviceId: number;
  kind: AuditDataKind;
  factorCode: string;
  dataTime: number;
  /** The value in words: station, factor, time. */
  subject: string;
  canWrite: boolean;
  onClose: () => void;
}

/** A value's audit trail: every audit of it, revoked ones too, newest first; one in force may be revoked here. */
export function AuditTrailDrawer({
  deviceId,
  kind,
  factorCode,
  dataTime,
  subject,
  canWrite,
  onClose,
}: AuditTrailDrawerProps) {
  const { t } = useTranslation();
  const trail = useQuery(auditTrailQueryOptions(deviceId, kind, factorCode, dataTime));
  const confirmRevoke = useConfirmRevoke();
  const columns: TableColumnsType<DataAuditRecord> = [
    {
      key: 'createTime',
      title: t('dataAudit.fields.createTime'),
      render: (_, r) => formatTime(r.createTime),
      width: 170,
    },
    {
      key: 'createdBy',
      title: t('dataAudit.fields.createdBy'),
      render: (_, r) => r.createdBy ?? EMPTY_CELL,
      width: 100,
    },
    {
      key: 'action',
      title: t('dataAudit.fields.action'),
      render: (_, r) => <VocabularyTag name="auditAction" value={r.action} />,
      width: 120,
    },
    {
      key: 'reason',
      title: t('dataAudit.fields.reason'),
      render: (_, r) => <VocabularyText name="auditReason" value={r.reason} />,
      width: 100,
    },
    { key: 'change', title: t('dataAudit.fields.change'), render: (_, r) => <AuditChange record={r} /> },
    { key: 'remark', title: t('dataAudit.fields.remark'), render: (_, r) => r.remark ?? EMPTY_CELL, ellipsis: true },
    { key: 'revoked', title: t('dataAudit.fields.revoked'), render: (_, r) => <RevokedMark record={r} />, width: 150 },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('common.table.actions'),
            width: 110,
            render: (_: unknown, r: DataAuditRecord) =>
              r.revoked ? null : (
                <Flex vertical align="start">
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<RollbackOutlined />}
                    onClick={() => confirmRevoke(r)}
                    data-testid={`data-audit-trail-revoke-${r.id}`}
                  >
                    {t('dataAudit.revoke.ok')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => confirmRevoke(r, true)}
                    data-testid={`data-audit-trail-revoke-batch-${r.id}`}
                  >
                    {t('dataAudit.revoke.batch')}
                  </Button>
                </Flex>
              ),
          },
        ]
      : []),
  ];
  return (
    <Drawer open title={t('dataAudit.trail.title')} size={DRAWER_WIDTH} onClose={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{subject}</Typography.Paragraph>
      <QueryErrorAlert error={trail.error} onRetry={() => void trail.refetch()} />
      <Table<DataAuditRecord>
        size="small"
        rowKey="id"
        loading={trail.isPending}
        dataSource={trail.data?.list ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('dataAudit.trail.empty') }}
        data-testid="data-audit-trail"
      />
    </Drawer>
  );
}
