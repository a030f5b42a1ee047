import type { CommandExchange, CommandUpload, StationCommand } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Timeline,
  Typography,
  theme,
} from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { DeviceCell } from '../../../../components/crud/device-cell';
import { QueryErrorAlert } from '../../../../components/crud/table-parts';
import { formatDateTime } from '../../../../lib/dayjs';
import { exchangeQueryOptions, STATE_COLORS } from '../../../station-control';
import { AnswerCell, commandLabel, fieldLabel, ParametersCell } from './command-vocabulary';

const WIDTH = 760;
const COLUMN = { cn: 180, time: 170, item: 90, key: 180 } as const;
/** Logs (i11001, i21001) are free text: shown as written, line breaks kept. */
const LOG_CODES = new Set(['i11001', 'i21001']);

interface UploadRow {
  key: string;
  cn: string;
  at: number;
  dataTime: number | null;
  item: string | null;
  field: string;
  value: string;
}

const uploadRows = (uploads: readonly CommandUpload[]): UploadRow[] =>
  uploads.flatMap((upload, u) =>
    upload.fields.map((field, f) => ({
      key: `${u}-${f}`,
      cn: upload.cn,
      at: upload.at,
      dataTime: upload.dataTime,
      item: field.item,
      field: field.key,
      value: field.value,
    })),
  );

function uploadColumns(t: TFunction): TableColumnsType<UploadRow> {
  return [
    {
      key: 'cn',
      title: t('control.screen.exchange.upload'),
      width: COLUMN.cn,
      render: (_v, row) => commandLabel(row.cn, t),
    },
    {
      key: 'at',
      title: t('control.screen.exchange.receivedAt'),
      width: COLUMN.time,
      render: (_v, row) => formatDateTime(row.dataTime ?? row.at),
    },
    {
      key: 'item',
      title: t('control.param.PolId'),
      width: COLUMN.item,
      render: (_v, row) => row.item ?? EMPTY_CELL,
    },
    {
      key: 'field',
      title: t('control.screen.exchange.field'),
      width: COLUMN.key,
      render: (_v, row) => fieldLabel(row.field, t),
    },
    {
      key: 'value',
      title: t('control.screen.exchange.value'),
      render: (_v, row) =>
        LOG_CODES.has(row.field) ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{row.value}</Typography.Paragraph>
        ) : (
          row.value
        ),
    },
  ];
}

function CommandSummary({ command, t }: { command: StationCommand; t: TFunction }) {
  const time = (value: number | null) => (value === null ? EMPTY_CELL : formatDateTime(value));
  return (
    <Descriptions
      size="small"
      column={2}
      bordered
      items={[
        {
          key: 'device',
          label: t('control.screen.fields.device'),
          children: <DeviceCell name={command.deviceName} code={command.deviceCode} />,
        },
        {
          key: 'state',
          label: t('control.screen.fields.state'),
          children: <Tag color={STATE_COLORS[command.state]}>{t(`control.state.${command.state}`)}</Tag>,
        },
        {
          key: 'parameters',
          label: t('control.screen.fields.parameters'),
          children: <ParametersCell command={command} t={t} />,
        },
        { key: 'answer', label: t('control.screen.fields.answer'), children: <AnswerCell command={command} t={t} /> },
        { key: 'qn', label: 'QN', children: command.qn ?? EMPTY_CELL },
        { key: 'attempts', label: t('control.screen.fields.attempts'), children: command.attempts },
        { key: 'notBefore', label: t('control.screen.fields.notBefore'), children: time(command.notBefore) },
        { key: 'expireTime', label: t('control.screen.fields.expireTime'), children: time(command.expireTime) },
        { key: 'sendTime', label: t('control.screen.fields.sendTime'), children: time(command.sendTime) },
        { key: 'finishTime', label: t('control.screen.fields.finishTime'), children: time(command.finishTime) },
      ]}
    />
  );
}

function Exchange({ exchange, t }: { exchange: CommandExchange; t: TFunction }) {
  const { token } = theme.useToken();
  const rows = uploadRows(exchange.uploads);
  return (
    <>
      <CommandSummary command={exchange.command} t={t} />
      <Divider titlePlacement="start" plain>
        {t('control.screen.exchange.packets')}
      </Divider>
      {exchange.droppedPackets > 0 ? (
        <Alert
          type="info"
          showIcon
          title={t('control.screen.exchange.dropped', { count: exchange.droppedPackets })}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {exchange.packets.length === 0 ? (
        <Empty description={t('control.screen.exchange.noPackets')} />
      ) : (
        <Timeline
          data-testid="counter-control-packets"
          items={exchange.packets.map((packet, i) => ({
            key: i,
            color: packet.direction === 'sent' ? token.colorPrimary : token.colorSuccess,
            children: (
              <>
                <Typography.Text type="secondary">
                  {t(`control.screen.exchange.${packet.direction}`)} · {formatDateTime(packet.at)}
                </Typography.Text>
                <Typography.Paragraph code copyable style={{ wordBreak: 'break-all', marginBottom: 0 }}>
                  {packet.raw}
                </Typography.Paragraph>
              </>
            ),
          }))}
        />
      )}
      <Divider titlePlacement="start" plain>
        {t('control.screen.exchange.uploads')}
      </Divider>
      {rows.length === 0 ? (
        <Empty description={t('control.screen.exchange.noUploads')} />
      ) : (
        <Table<UploadRow>
          size="small"
          rowKey="key"
          columns={uploadColumns(t)}
          dataSource={rows}
          pagination={false}
          data-testid="counter-control-uploads"
        />
      )}
    </>
  );
}

/** A command's exchange with the station: its packets as a timeline, and what the station uploaded, parsed. */
export function ExchangeDrawer({ command, onClose }: { command: StationCommand; onClose: () => void }) {
  const { t } = useTranslation();
  const exchange = useQuery(exchangeQueryOptions(command.id));
  return (
    <Drawer
      open
      size={WIDTH}
      title={t('control.screen.exchange.title', { command: commandLabel(command.cn, t) })}
      onClose={onClose}
      data-testid="counter-control-exchange"
    >
      <QueryErrorAlert error={exchange.error} onRetry={() => void exchange.refetch()} />
      {exchange.data ? <Exchange exchange={exchange.data} t={t} /> : exchange.isPending ? <Spin /> : null}
    </Drawer>
  );
}
