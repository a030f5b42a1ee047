import type { OperationLog } from '@envmon/shared';
import { ProfileOutlined } from '@ant-design/icons';
import { Button, Card, Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../../components/crud/paged-table';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { useFilteredPagedQuery } from '../../../../components/crud/use-paged-query';
import { formatDateTime } from '../../../../lib/dayjs';
import { operationLogsQueryOptions } from '../api/get-operation-logs';
import { UserName } from '../../../../components/user-name';
import { LogDetailDrawer, LogOutcomeTag } from '../components/log-detail-drawer';
import { LogFilterBar } from '../components/log-filter-bar';
import { type LogFilterValues, toLogQuery } from '../components/log-query';

/** Column widths: a date-time, a method (FORWARD the longest), a short tag, an IPv6-sized address. */
const WIDTH = { time: 170, user: 110, method: 110, status: 100, ip: 130, duration: 90, actions: 110 } as const;

/** Every mutating call (who, what, parameters without secrets, result, IP, time), newest first. */
export default function LogPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<OperationLog | null>(null);
  const {
    list: logs,
    search,
    table,
  } = useFilteredPagedQuery({}, (filters: LogFilterValues, page) =>
    operationLogsQueryOptions(toLogQuery(filters, page)),
  );

  const columns: TableColumnsType<OperationLog> = [
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('system.log.createTime'),
      width: WIDTH.time,
      render: formatDateTime,
    },
    {
      key: 'userName',
      dataIndex: 'userName',
      title: t('system.log.userName'),
      width: WIDTH.user,
      render: (v: string | null) => <UserName userName={v} />,
    },
    { key: 'method', dataIndex: 'method', title: t('system.log.method'), width: WIDTH.method },
    {
      key: 'url',
      dataIndex: 'url',
      title: t('system.log.url'),
      ellipsis: true,
      render: (url: string) => <Typography.Text code>{url}</Typography.Text>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('system.log.status'),
      width: WIDTH.status,
      render: (status: number) => <LogOutcomeTag status={status} />,
    },
    {
      key: 'result',
      dataIndex: 'result',
      title: t('system.log.result'),
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
    { key: 'ip', dataIndex: 'ip', title: t('system.log.ip'), width: WIDTH.ip, render: (v: string | null) => v ?? '-' },
    {
      key: 'durationMs',
      dataIndex: 'durationMs',
      title: t('system.log.duration'),
      width: WIDTH.duration,
      render: (ms: number) => t('system.log.durationMs', { ms }),
    },
    {
      key: 'actions',
      title: t('common.table.actions'),
      width: WIDTH.actions,
      render: (_value: unknown, log) => (
        <Button type="link" size="small" icon={<ProfileOutlined />} onClick={() => setSelected(log)}>
          {t('system.log.details')}
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="system-log">
      <Flex vertical gap="middle">
        <LogFilterBar onSearch={search} />
        <Flex justify="flex-end">
          <RefreshButton loading={logs.isFetching} onClick={() => void logs.refetch()} />
        </Flex>
        <PagedTable<OperationLog> {...table} columns={columns} scrollX={false} size="preferred" />
      </Flex>
      <LogDetailDrawer log={selected} onClose={() => setSelected(null)} />
    </Card>
  );
}
