import type { Upstream, UpstreamDevice } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../components/can';
import { DeviceCell } from '../../../../components/crud/device-cell';
import { PagedTable } from '../../../../components/crud/paged-table';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { usePagedQuery } from '../../../../components/crud/use-paged-query';
import { formatTime } from '../../../../lib/format';
import { getSelectedProjectId } from '../../../../lib/project';
import { upstreamDevicesQueryOptions, useRemoveUpstreamDevice } from '../api/calls';
import { TRANSFER_FORMAT_WRITE } from './permissions';
import { ForwardStateCell, lagText } from './forward-state-cell';
import { UpstreamDeviceForm } from './upstream-device-form';

const DRAWER_WIDTH = 1320;
const WIDTH = {
  device: 180,
  upstreamMn: 140,
  cns: 200,
  state: 190,
  counts: 130,
  lag: 90,
  time: 165,
  actions: 150,
} as const;

type Editing = { mode: 'create' } | { mode: 'update'; row: UpstreamDevice };

/**
 * An upstream's devices (those in the caller's scope, of the header's project): what each sends there and how
 * forwarding stands — read again every few seconds while the drawer is open, so the operator sees it move.
 * Writers add devices (many at once), edit and remove them.
 */
export function UpstreamDevicesDrawer({ upstream, onClose }: { upstream: Upstream; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canWrite = useCan(TRANSFER_FORMAT_WRITE);
  const [editing, setEditing] = useState<Editing | null>(null);
  const projectId = getSelectedProjectId() ?? undefined;
  const { list, table } = usePagedQuery((page) =>
    upstreamDevicesQueryOptions({ upstreamId: upstream.id, projectId, ...page }),
  );
  const remove = useRemoveUpstreamDevice();
  const now = list.dataUpdatedAt;

  const confirmRemove = (row: UpstreamDevice) => {
    modal.confirm({
      title: t('transferFormat.devices.deleteTitle'),
      content: t('transferFormat.devices.deleteConfirm', { upstream: upstream.name, device: row.deviceName }),
      okText: t('common.actions.delete'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync({ id: upstream.id, deviceId: row.deviceId }).then(
          () => undefined,
          // The api client has said why; the dialog just closes.
          () => undefined,
        ),
    });
  };

  const columns: TableColumnsType<UpstreamDevice> = [
    {
      key: 'device',
      title: t('transferFormat.deviceFields.device'),
      width: WIDTH.device,
      fixed: 'left',
      render: (_v, row) => <DeviceCell name={row.deviceName} code={row.mn} />,
    },
    {
      key: 'upstreamMn',
      title: t('transferFormat.deviceFields.upstreamMn'),
      width: WIDTH.upstreamMn,
      ellipsis: true,
      render: (_v, row) => row.upstreamMn,
    },
    {
      key: 'cns',
      title: t('transferFormat.deviceFields.cns'),
      width: WIDTH.cns,
      render: (_v, row) => (
        <Flex vertical>
          <span>{row.cns.map((cn) => t(`transferFormat.cns.${cn}`)).join(t('common.messageParts.listSeparator'))}</span>
          <Typography.Text type="secondary">
            {row.factors.length === 0
              ? t('transferFormat.factorMap.all')
              : t('transferFormat.factorMap.count', { count: row.factors.length })}
            {` · ${t(`transferFormat.valueSources.${row.valueSource}`)}`}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('transferFormat.deviceFields.state'),
      width: WIDTH.state,
      render: (_v, row) => <ForwardStateCell device={row} ackRequired={upstream.ackRequired} />,
    },
    {
      key: 'counts',
      title: t('transferFormat.deviceFields.counts'),
      width: WIDTH.counts,
      align: 'right',
      render: (_v, row) => `${row.status.queued} / ${row.status.sent} / ${row.status.acknowledged}`,
    },
    {
      key: 'lag',
      title: t('transferFormat.deviceFields.lag'),
      width: WIDTH.lag,
      render: (_v, row) => lagText(row.status.lastDataTime, now, t),
    },
    {
      key: 'lastAckTime',
      title: t('transferFormat.deviceFields.lastAckTime'),
      width: WIDTH.time,
      render: (_v, row) => formatTime(row.status.lastAckTime),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('common.table.actions'),
            width: WIDTH.actions,
            fixed: 'right' as const,
            render: (_v: unknown, row: UpstreamDevice) => (
              <Flex>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ mode: 'update', row })}
                  data-testid={`transfer-format-device-edit-${row.deviceId}`}
                >
                  {t('common.actions.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmRemove(row)}
                  data-testid={`transfer-format-device-delete-${row.deviceId}`}
                >
                  {t('common.actions.delete')}
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer
      open
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={t('transferFormat.devices.title', { name: upstream.name })}
      destroyOnHidden
      data-testid="transfer-format-devices"
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('transferFormat.devices.help')}</Typography.Text>
        <Flex gap="small" align="center">
          {canWrite ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'create' })}
              data-testid="transfer-format-devices-add"
            >
              {t('transferFormat.devices.add')}
            </Button>
          ) : null}
          <span style={{ marginInlineStart: 'auto' }}>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </span>
        </Flex>
        <PagedTable<UpstreamDevice>
          {...table}
          columns={columns}
          rowKey="deviceId"
          empty={t('transferFormat.devices.empty')}
          testId="transfer-format-devices"
          scrollY="auto"
        />
      </Flex>
      {editing?.mode === 'create' ? <UpstreamDeviceForm upstream={upstream} onClose={() => setEditing(null)} /> : null}
      {editing?.mode === 'update' ? (
        <UpstreamDeviceForm upstream={upstream} row={editing.row} onClose={() => setEditing(null)} />
      ) : null}
    </Drawer>
  );
}
