import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../../components/crud/table-parts';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { formatDateTime } from '../../../../lib/dayjs';
import { isActive } from '../../../station-control';
import { logReadsQueryOptions, settledExchangeQueryOptions } from '../api/get-commands';
import type { CommandSender } from '../hooks/use-command-sender';
import { type LogLine, logLines, logReadParameters } from '../utils/log-lines';
import { LOG_CN } from '../utils/panel-actions';
import type { Blocked } from './action-item';
import { CommandState } from './command-state';

const WIDTH = { time: 180, factor: 220 } as const;
const LINES_PAGE_SIZE = 20;

/** The lines of the latest executed log read, newest first. */
function LogTable({
  commandId,
  reading,
  factorName,
}: {
  commandId: number | null;
  /** The reads themselves are still being read. */
  reading: boolean;
  factorName: (code: string) => string;
}) {
  const { t } = useTranslation();
  const exchange = useQuery({ ...settledExchangeQueryOptions(commandId ?? 0), enabled: commandId !== null });
  const lines = logLines(exchange.data?.uploads ?? []);
  const columns: TableColumnsType<LogLine> = [
    {
      key: 'time',
      title: t('waterControl.logs.time'),
      width: WIDTH.time,
      render: (_v, line) => formatDateTime(line.time),
    },
    {
      key: 'factor',
      title: t('waterControl.logs.factor'),
      width: WIDTH.factor,
      render: (_v, line) => (line.factor === null ? t('waterControl.logs.station') : factorName(line.factor)),
    },
    { key: 'text', title: t('waterControl.logs.text'), render: (_v, line) => line.text || EMPTY_CELL },
  ];
  return (
    <Flex vertical gap="small">
      <QueryErrorAlert error={exchange.error} onRetry={() => void exchange.refetch()} />
      <Table<LogLine>
        size="small"
        columns={columns}
        dataSource={lines}
        rowKey={(line) => `${line.time}-${line.factor ?? ''}-${line.text}`}
        loading={reading || (commandId !== null && exchange.isPending)}
        pagination={lines.length > LINES_PAGE_SIZE ? { pageSize: LINES_PAGE_SIZE, showSizeChanger: false } : false}
        locale={{ emptyText: commandId === null ? t('waterControl.logs.notRead') : t('waterControl.logs.empty') }}
        data-testid="water-control-log-lines"
      />
    </Flex>
  );
}

/**
 * The station's recent logs: a button asks it for its instrument log of the last day (3020, InfoId i11001);
 * the lines of the latest read that was executed are shown, while the newest read's state says how it goes.
 * Readable by whoever may watch; only those who may send ask again.
 */
export function LogsCard({
  deviceId,
  readOnly,
  sender,
  factorName,
}: {
  deviceId: number;
  readOnly: Blocked;
  sender: CommandSender;
  factorName: (code: string) => string;
}) {
  const { t } = useTranslation();
  const reads = useQuery(logReadsQueryOptions(deviceId));
  const latest = reads.data?.latest ?? null;
  const executed = reads.data?.executed ?? null;
  const error = sender.errorOf(LOG_CN);

  const button = (
    <Button
      type="primary"
      disabled={readOnly !== null}
      loading={sender.sending(LOG_CN) || isActive(latest?.state)}
      onClick={() => sender.send(LOG_CN, logReadParameters(Date.now()))}
      data-testid="water-control-read-logs"
    >
      {t('waterControl.logs.read')}
    </Button>
  );

  return (
    <Card
      variant="borderless"
      title={t('waterControl.logs.title')}
      extra={readOnly === null ? button : <Tooltip title={readOnly}>{button}</Tooltip>}
      data-testid="water-control-logs"
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('waterControl.logs.description')}</Typography.Text>
        {error ? <Alert type="error" showIcon title={error} /> : null}
        <QueryErrorAlert error={reads.error} onRetry={() => void reads.refetch()} />
        {latest && latest.id !== executed?.id ? (
          <CommandState command={latest} withUploads={false} factorName={factorName} />
        ) : null}
        {executed ? (
          <Typography.Text type="secondary" data-testid="water-control-logs-read-at">
            {t('waterControl.logs.readAt', { time: formatDateTime(executed.finishTime ?? executed.createTime) })}
          </Typography.Text>
        ) : null}
        {reads.isError ? null : (
          <LogTable commandId={executed?.id ?? null} reading={reads.isPending} factorName={factorName} />
        )}
      </Flex>
    </Card>
  );
}
