import { type Device, type OperationLog, SUCCESS_STATUS } from '@envmon/shared';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { PagedTable } from '../../../../components/crud/paged-table';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { usePagedQuery } from '../../../../components/crud/use-paged-query';
import { deviceOperateLogQueryOptions } from '../api/get-operate-log';
import { formatTime } from '../../../../lib/format';

const WIDTH = { time: 170, user: 110, method: 80, status: 90 } as const;

/** Who changed this device (and its factors, groups, virtual devices) and how it went, newest first. */
export function OperateLogTab({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { list: logs, table } = usePagedQuery((page) =>
    deviceOperateLogQueryOptions(device.id, page.pageNum, page.pageSize),
  );

  const columns: TableColumnsType<OperationLog> = [
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('deviceDetail.operateLog.createTime'),
      width: WIDTH.time,
      render: (time: number) => formatTime(time),
    },
    {
      key: 'userName',
      dataIndex: 'userName',
      title: t('deviceDetail.operateLog.userName'),
      width: WIDTH.user,
      render: (v: string | null) => v ?? EMPTY_CELL,
    },
    { key: 'method', dataIndex: 'method', title: t('deviceDetail.operateLog.method'), width: WIDTH.method },
    {
      key: 'url',
      dataIndex: 'url',
      title: t('deviceDetail.operateLog.url'),
      ellipsis: true,
      render: (url: string) => <Typography.Text code>{url}</Typography.Text>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('deviceDetail.operateLog.status'),
      width: WIDTH.status,
      render: (status: number) =>
        status === SUCCESS_STATUS ? (
          <Tag color="success">{t('deviceDetail.operateLog.succeeded')}</Tag>
        ) : (
          <Tag color="error">{t('deviceDetail.operateLog.failed')}</Tag>
        ),
    },
    {
      key: 'result',
      dataIndex: 'result',
      title: t('deviceDetail.operateLog.result'),
      ellipsis: true,
      render: (v: string | null) => (v === null || v === '' ? EMPTY_CELL : v),
    },
  ];

  return (
    <Flex vertical gap="small" data-testid="device-detail-operate-log">
      <Flex justify="flex-end">
        <RefreshButton loading={logs.isFetching} onClick={() => void logs.refetch()} />
      </Flex>
      <PagedTable<OperationLog>
        {...table}
        columns={columns}
        scrollX={false}
        scrollY="auto"
        locale={{ emptyText: t('deviceDetail.states.empty') }}
      />
    </Flex>
  );
}
