import { formatNumberSuffix, LIMITS, type ServerLogFile } from '@envmon/shared';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { useTableScrollY } from '../../../../components/crud/use-table-scroll-y';
import { formatDateTime } from '../../../../lib/dayjs';
import { downloadServerLog } from '../api/download-server-log';
import { serverLogFilesQueryOptions } from '../api/get-server-log-files';

const WIDTH = { size: 120, time: 180, actions: 120 } as const;

/** 1536 → '1.5kB': the spec's number suffixes with a byte unit. */
const formatFileSize = (bytes: number): string => `${formatNumberSuffix(bytes)}B`;

const byNewest = (a: ServerLogFile, b: ServerLogFile): number => b.modifiedTime - a.modifiedTime;

/** The server's rotated log files, newest first, each downloadable. */
export default function ServerLogPage() {
  const { t } = useTranslation();
  const files = useQuery({ ...serverLogFilesQueryOptions(), select: (list) => [...list].sort(byNewest) });
  const tableTop = useRef<HTMLDivElement>(null);
  const tableHeight = useTableScrollY(tableTop);

  const columns: TableColumnsType<ServerLogFile> = [
    {
      key: 'fileName',
      dataIndex: 'fileName',
      title: t('system.serverLog.fileName'),
      render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
    },
    {
      key: 'size',
      dataIndex: 'size',
      title: t('system.serverLog.size'),
      width: WIDTH.size,
      align: 'right',
      render: formatFileSize,
      sorter: (a, b) => a.size - b.size,
    },
    {
      key: 'modifiedTime',
      dataIndex: 'modifiedTime',
      title: t('system.serverLog.modifiedTime'),
      width: WIDTH.time,
      render: formatDateTime,
      sorter: byNewest,
    },
    {
      key: 'actions',
      title: t('common.table.actions'),
      width: WIDTH.actions,
      render: (_value: unknown, file) => (
        <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => downloadServerLog(file.fileName)}>
          {t('common.actions.download')}
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="system-server-log">
      <Flex vertical gap="middle">
        <Flex justify="flex-end">
          <RefreshButton loading={files.isFetching} onClick={() => void files.refetch()} />
        </Flex>
        <QueryErrorAlert error={files.error} onRetry={() => void files.refetch()} />
        <div ref={tableTop}>
          <Table<ServerLogFile>
            rowKey="fileName"
            columns={columns}
            dataSource={files.data ?? []}
            loading={files.isPending}
            scroll={{ y: tableHeight }}
            pagination={{ defaultPageSize: LIMITS.defaultPageSize, hideOnSinglePage: true, showSizeChanger: false }}
          />
        </div>
      </Flex>
    </Card>
  );
}
