import { type Device, LIMITS } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, ProfileOutlined } from '@ant-design/icons';
import { Button, Flex, Table, type TableColumnsType, Tag } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableScrollY } from '../../../../components/crud/use-table-scroll-y';
import { Can, useCan } from '../../../../components/can';
import { VocabularyText } from '../../../../components/vocabulary/vocabulary-tag';
import { formatDateTime } from '../../../../lib/dayjs';
import { DEVICE_WRITE } from './permissions';

export interface DeviceTableProps {
  devices: Device[];
  total: number;
  pageNum: number;
  onPage: (pageNum: number) => void;
  loading: boolean;
  online: ReadonlyMap<number, boolean> | undefined;
  selectedId: number | null;
  onEdit: (device: Device) => void;
  onDelete: (device: Device) => void;
  onDetails?: (device: Device) => void;
  /** A row clicked: the device is chosen (the tree and the map follow). */
  onSelect?: (device: Device) => void;
}

const ACTIONS_WIDTH = 230;

/** The device list: 200 a page (SPEC section 9), with edit and delete for those who may write. */
export function DeviceTable({
  devices,
  total,
  pageNum,
  onPage,
  loading,
  online,
  selectedId,
  onEdit,
  onDelete,
  onDetails,
  onSelect,
}: DeviceTableProps) {
  const { t } = useTranslation();
  const canWrite = useCan(DEVICE_WRITE);
  const top = useRef<HTMLDivElement>(null);
  const height = useTableScrollY(top);
  const columns: TableColumnsType<Device> = [
    { key: 'deviceName', dataIndex: 'deviceName', title: t('device.fields.deviceName'), width: 200, ellipsis: true },
    { key: 'deviceCode', dataIndex: 'deviceCode', title: t('device.fields.deviceCode'), width: 180 },
    {
      key: 'deviceType',
      title: t('device.fields.deviceType'),
      width: 150,
      ellipsis: true,
      render: (_value, device) => <VocabularyText name="deviceType" value={device.deviceType} />,
    },
    {
      key: 'state',
      title: t('device.state.title'),
      width: 90,
      render: (_value, device) =>
        online?.get(device.id) ? (
          <Tag color="success">{t('device.state.online')}</Tag>
        ) : (
          <Tag>{t('device.state.offline')}</Tag>
        ),
    },
    { key: 'intervalTime', dataIndex: 'intervalTime', title: t('device.fields.intervalTime'), width: 120 },
    { key: 'installAddress', dataIndex: 'installAddress', title: t('device.fields.installAddress'), ellipsis: true },
    { key: 'contactPerson', dataIndex: 'contactPerson', title: t('device.fields.contactPerson'), width: 110 },
    { key: 'contactPhone', dataIndex: 'contactPhone', title: t('device.fields.contactPhone'), width: 130 },
    {
      key: 'ifValid',
      title: t('device.fields.ifValid'),
      width: 90,
      render: (_value, device) =>
        device.ifValid === 1 ? t('device.valid.1') : <Tag color="warning">{t('device.valid.0')}</Tag>,
    },
    {
      key: 'updateTime',
      title: t('device.fields.updateTime'),
      width: 170,
      render: (_value, device) => formatDateTime(device.updateTime),
    },
    {
      key: 'actions',
      title: t('common.table.actions'),
      width: canWrite || onDetails ? ACTIONS_WIDTH : 0,
      fixed: 'right',
      render: (_value, device) => (
        <Flex gap={0}>
          {onDetails ? (
            <Button type="link" size="small" icon={<ProfileOutlined />} onClick={() => onDetails(device)}>
              {t('device.actions.details')}
            </Button>
          ) : null}
          <Can code={DEVICE_WRITE}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(device)}>
              {t('common.actions.edit')}
            </Button>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(device)}>
              {t('common.actions.delete')}
            </Button>
          </Can>
        </Flex>
      ),
    },
  ];
  return (
    <div ref={top}>
      <Table<Device>
        rowKey="id"
        size="small"
        columns={canWrite || onDetails ? columns : columns.filter((column) => column.key !== 'actions')}
        dataSource={devices}
        loading={loading}
        rowClassName={(device) => (device.id === selectedId ? 'ant-table-row-selected' : '')}
        onRow={(device) => ({ onClick: () => onSelect?.(device) })}
        scroll={{ x: 1500, y: height }}
        pagination={{
          current: pageNum,
          pageSize: LIMITS.devicePageSize,
          total,
          showSizeChanger: false,
          showTotal: (count) => t('common.table.total', { total: count }),
          onChange: onPage,
        }}
        data-testid="device-table"
      />
    </div>
  );
}
