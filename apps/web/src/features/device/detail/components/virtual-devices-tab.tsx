import { PlusOutlined } from '@ant-design/icons';
import type { Device, VirtualDevice } from '@envmon/shared';
import { Button, Flex, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../components/can';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { PagedTable } from '../../../../components/crud/paged-table';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { usePagedQuery } from '../../../../components/crud/use-paged-query';
import { ImportActions } from '../../list/components/import-actions';
import { useDeleteVirtualDevice } from '../api/delete-virtual-device';
import { virtualDevicesQueryOptions } from '../api/get-virtual-devices';
import { downloadVirtualTemplate, useImportVirtualDevices } from '../api/import-virtual-devices';
import { useDeviceFactorNames } from '../hooks/use-factor-names';
import { DEVICE_WRITE } from './constants';
import { RowActions } from './row-actions';
import { formatTime } from '../../../../lib/format';
import { VirtualDeviceForm } from './virtual-device-form';

const WIDTH = { code: 140, time: 170, actions: 150 } as const;

/** null: the form is closed; 'new': adding; a row: editing it. */
type Editing = VirtualDevice | 'new' | null;

/** The station's virtual devices (named subsets of its factors) with add, edit, delete and batch import. */
export function VirtualDevicesTab({ device }: { device: Device }) {
  const { t } = useTranslation();
  const canWrite = useCan(DEVICE_WRITE);
  const [editing, setEditing] = useState<Editing>(null);
  const { list, table } = usePagedQuery((page) => virtualDevicesQueryOptions(device.id, page.pageNum, page.pageSize));
  const remove = useDeleteVirtualDevice(device.id);
  const upload = useImportVirtualDevices();
  const { nameOf } = useDeviceFactorNames(device.id);

  const columns: TableColumnsType<VirtualDevice> = [
    { key: 'virtualName', dataIndex: 'virtualName', title: t('deviceDetail.virtual.virtualName') },
    { key: 'virtualCode', dataIndex: 'virtualCode', title: t('deviceDetail.virtual.virtualCode'), width: WIDTH.code },
    {
      key: 'factorCodes',
      dataIndex: 'factorCodes',
      title: t('deviceDetail.virtual.factorCodes'),
      render: (codes: string[]) => (
        <Flex wrap gap={4}>
          {codes.map((code) => (
            <Tag key={code}>{nameOf(code)}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'remark',
      dataIndex: 'remark',
      title: t('deviceDetail.virtual.remark'),
      ellipsis: true,
      render: (v: string | null) => v ?? EMPTY_CELL,
    },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('deviceDetail.virtual.createTime'),
      width: WIDTH.time,
      render: (time: number) => formatTime(time),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('common.table.actions'),
      width: WIDTH.actions,
      render: (_v, row) => (
        <RowActions
          onEdit={() => setEditing(row)}
          onDelete={() => remove.mutate(row.id)}
          deleteConfirm={t('common.messages.deleteConfirm')}
          deleteLabel={t('common.actions.delete')}
        />
      ),
    });
  }

  return (
    <Flex vertical gap="small" data-testid="device-detail-virtual">
      <Flex justify="space-between">
        <Can code={DEVICE_WRITE} fallback={<span />}>
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('deviceDetail.virtual.add')}
            </Button>
            <ImportActions
              upload={upload}
              downloadTemplate={downloadVirtualTemplate}
              importLabel={t('deviceDetail.virtual.import')}
              templateLabel={t('deviceDetail.virtual.template')}
              testId="virtual"
              fieldsKey="deviceDetail.virtual"
            />
          </Space>
        </Can>
        <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
      </Flex>
      <PagedTable<VirtualDevice>
        {...table}
        columns={columns}
        scrollX={false}
        scrollY="auto"
        locale={{ emptyText: t('deviceDetail.states.empty') }}
      />
      {editing !== null ? (
        <VirtualDeviceForm
          deviceId={device.id}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
