import type { Device, DeviceLatestValue } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { deviceLatestQueryOptions } from '../api/get-latest';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { LATEST_REFRESH_MS } from './constants';
import { FlagTag } from '../../../../components/vocabulary/flag-tag';
import { formatDataTime } from '../../../../lib/data-time';
import { formatTime, formatValue } from '../../../../lib/format';

const WIDTH = { value: 110, unit: 90, flag: 120, kind: 90, time: 170 } as const;
const MS_PER_SECOND = 1000;
const KINDS = ['rtd', 'min', 'hour', 'day', 'month', 'year'] as const;

function FactorCell({ row }: { row: DeviceLatestValue }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const name = lang === 'en' ? (row.factorNameEn ?? row.factorName) : row.factorName;
  if (name === null) {
    return (
      <span>
        {row.factorCode} <Tag>{t('deviceDetail.data.unknownFactor')}</Tag>
      </span>
    );
  }
  return (
    <span>
      {name} <Typography.Text type="secondary">{row.factorCode}</Typography.Text>
    </span>
  );
}

/** The latest value per factor, refreshed every 10 s while the tab is open. */
export function LatestValuesTab({ device }: { device: Device }) {
  const { t } = useTranslation();
  const latest = useQuery(deviceLatestQueryOptions(device.id));

  const kindLabel = (kind: string) =>
    (KINDS as readonly string[]).includes(kind) ? t(`deviceDetail.data.kinds.${kind}`) : kind;

  const columns: TableColumnsType<DeviceLatestValue> = [
    { key: 'factor', title: t('deviceDetail.data.factor'), render: (_v, row) => <FactorCell row={row} /> },
    {
      key: 'value',
      title: t('deviceDetail.data.value'),
      width: WIDTH.value,
      align: 'right',
      render: (_v, row) => formatValue(row.value, row.decimals),
    },
    {
      key: 'unit',
      dataIndex: 'unit',
      title: t('deviceDetail.data.unit'),
      width: WIDTH.unit,
      render: (v: string | null) => v ?? '',
    },
    {
      key: 'flag',
      dataIndex: 'flag',
      title: t('deviceDetail.data.flag'),
      width: WIDTH.flag,
      render: (flag: string | null) => <FlagTag flag={flag} />,
    },
    {
      key: 'quality',
      dataIndex: 'quality',
      title: t('deviceDetail.data.quality'),
      width: WIDTH.flag,
      render: (quality: string) => <FlagTag flag={quality} />,
    },
    { key: 'kind', dataIndex: 'kind', title: t('deviceDetail.data.kind'), width: WIDTH.kind, render: kindLabel },
    {
      key: 'dataTime',
      dataIndex: 'dataTime',
      title: t('deviceDetail.data.dataTime'),
      width: WIDTH.time,
      render: (time: number) => formatDataTime(time, device.utcOffsetMinutes),
    },
  ];

  return (
    <Flex vertical gap="small" data-testid="device-detail-data">
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">
          {t('deviceDetail.data.refreshEvery', { seconds: LATEST_REFRESH_MS / MS_PER_SECOND })}
          {latest.dataUpdatedAt > 0
            ? ` · ${t('deviceDetail.data.updatedAt', { time: formatTime(latest.dataUpdatedAt) })}`
            : ''}
        </Typography.Text>
        <RefreshButton loading={latest.isFetching} onClick={() => void latest.refetch()} />
      </Flex>
      <QueryErrorAlert error={latest.error} onRetry={() => void latest.refetch()} />
      <Table<DeviceLatestValue>
        rowKey={(row) => `${row.factorCode}-${row.kind}`}
        size="small"
        columns={columns}
        dataSource={latest.data ?? []}
        loading={latest.isPending}
        pagination={false}
        locale={{ emptyText: t('deviceDetail.data.empty') }}
      />
    </Flex>
  );
}
