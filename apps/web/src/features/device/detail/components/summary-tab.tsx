import { type Device, type DeviceSummary, vocabularyColor, vocabularyLabel } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, Descriptions, type DescriptionsProps, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { VocabularyText } from '../../../../components/vocabulary/vocabulary-tag';
import { deviceSummaryQueryOptions } from '../api/get-summary';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { formatDataTime } from '../../../../lib/data-time';
import { formatTime } from '../../../../lib/format';
import { QueryStates } from './query-states';

const text = (value: string | null) => (value === null || value === '' ? EMPTY_CELL : value);

function SummaryView({ summary }: { summary: DeviceSummary }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const { device } = summary;
  // The station's own times (its connection, its packets, its day) on its clock, as every data time is shown.
  const stationTime = (time: number | null) => formatDataTime(time, device.utcOffsetMinutes);
  const never = (time: number | null) => (time === null ? t('deviceDetail.summary.never') : stationTime(time));

  const connection: DescriptionsProps['items'] = [
    {
      key: 'connection',
      label: t('deviceDetail.summary.connection'),
      children: summary.online ? (
        <Badge status="success" text={t('deviceDetail.summary.online')} />
      ) : (
        <Badge status="default" text={t('deviceDetail.summary.offline')} />
      ),
    },
    { key: 'changedAt', label: t('deviceDetail.summary.changedAt'), children: stationTime(summary.changedAt) },
    { key: 'lastPacketAt', label: t('deviceDetail.summary.lastPacketAt'), children: never(summary.lastPacketAt) },
    { key: 'factorsReporting', label: t('deviceDetail.summary.factorsReporting'), children: summary.factorsReporting },
    { key: 'dayStart', label: t('deviceDetail.summary.dayStart'), children: stationTime(summary.dayStart) },
    {
      key: 'measurementsToday',
      label: t('deviceDetail.summary.measurementsToday'),
      children: summary.measurementsToday,
    },
    { key: 'packetsToday', label: t('deviceDetail.summary.packetsToday'), children: summary.packetsToday },
    {
      key: 'rejectedToday',
      label: t('deviceDetail.summary.rejectedToday'),
      children:
        summary.rejectedToday > 0 ? (
          <Typography.Text type="danger">{summary.rejectedToday}</Typography.Text>
        ) : (
          summary.rejectedToday
        ),
    },
    { key: 'firstDataTime', label: t('deviceDetail.summary.firstDataTime'), children: never(summary.firstDataTime) },
    { key: 'lastDataTime', label: t('deviceDetail.summary.lastDataTime'), children: never(summary.lastDataTime) },
  ];

  const details: DescriptionsProps['items'] = [
    { key: 'deviceName', label: t('deviceDetail.summary.deviceName'), children: device.deviceName },
    { key: 'deviceCode', label: t('deviceDetail.summary.deviceCode'), children: device.deviceCode },
    {
      key: 'deviceType',
      label: t('deviceDetail.summary.deviceType'),
      children: <VocabularyText name="deviceType" value={device.deviceType} />,
    },
    {
      key: 'ifValid',
      label: t('deviceDetail.summary.ifValid'),
      children: (
        <Tag color={vocabularyColor('validFlag', device.ifValid)}>
          {vocabularyLabel('validFlag', device.ifValid, lang)}
        </Tag>
      ),
    },
    {
      key: 'coordinates',
      label: t('deviceDetail.summary.coordinates'),
      children: device.lng === null || device.lat === null ? EMPTY_CELL : `${device.lng}, ${device.lat}`,
    },
    { key: 'installAddress', label: t('deviceDetail.summary.installAddress'), children: text(device.installAddress) },
    { key: 'installDate', label: t('deviceDetail.summary.installDate'), children: formatTime(device.installDate) },
    { key: 'contactPerson', label: t('deviceDetail.summary.contactPerson'), children: text(device.contactPerson) },
    { key: 'contactPhone', label: t('deviceDetail.summary.contactPhone'), children: text(device.contactPhone) },
  ];

  return (
    <Flex vertical gap="middle">
      <Descriptions bordered size="small" column={2} items={connection} />
      <Descriptions bordered size="small" column={2} items={details} />
    </Flex>
  );
}

/** The device, its connection and what it sent today and ever. */
export function SummaryTab({ device }: { device: Device }) {
  const summary = useQuery(deviceSummaryQueryOptions(device.id));
  return (
    <Flex vertical gap="small" data-testid="device-detail-summary">
      <Flex justify="flex-end">
        <RefreshButton loading={summary.isFetching} onClick={() => void summary.refetch()} />
      </Flex>
      <QueryStates
        data={summary.data}
        error={summary.error}
        isPending={summary.isPending}
        onRetry={() => void summary.refetch()}
      >
        {(data) => <SummaryView summary={data} />}
      </QueryStates>
    </Flex>
  );
}
