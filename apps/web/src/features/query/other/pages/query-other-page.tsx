import { STATION_STATE_KINDS, type OtherRow, type StationStateKind } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../../components/crud/export-button';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { formatDataTime } from '../../../../lib/data-time';
import { getSelectedProjectId } from '../../../../lib/project';
import { TimeRangeItem } from '../../original/components/time-range-item';
import { rangeAllowed } from '../../original/utils/original-filter';
import { exportOther, otherQueryOptions } from '../api/other-api';
import { OTHER_COLUMNS, otherValueText } from '../utils/other-columns';
import { PacketRows } from '../../components/packet-rows';
import { QueryCard } from '../../components/query-card';
import { QueryDeviceItem } from '../../components/query-device-item';

/**
 * Other data (SPEC section 2 'queries: other'): a station's state read from its stored packets — run state
 * (2021), daily run time (2041), logger restarts (2081), logs and parameters (3020); a table per kind.
 */
export default function QueryOtherPage() {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const [kind, setKind] = useState<StationStateKind>('runState');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(7, 'day'), dayjs()]);
  const valid = rangeAllowed(range);
  const query = {
    deviceId: deviceId ?? 0,
    kind,
    beginTime: range[0].valueOf(),
    endTime: range[1].valueOf(),
    projectId: getSelectedProjectId() ?? undefined,
  };
  const rows = useQuery({ ...otherQueryOptions(query), enabled: deviceId !== undefined && valid });
  // The station's clock, as the export writes it (lib/data-time.ts).
  const offset = rows.data?.utcOffsetMinutes;
  const formatTime = (ms: number) => (offset === undefined ? '-' : formatDataTime(ms, offset));

  const columns = OTHER_COLUMNS[kind].map((field) => ({
    key: field,
    title: t(`original.fields.${field}`),
    dataIndex: field,
    render: (value: OtherRow[typeof field]) =>
      field === 'dataTime'
        ? typeof value === 'number'
          ? formatTime(value)
          : '-'
        : field === 'value'
          ? otherValueText(kind, value as string | null, formatTime)
          : (value ?? '-'),
  }));

  return (
    <QueryCard testId="query-other-page" help={t('original.other.help')}>
      <Form layout="inline">
        <QueryDeviceItem
          label={t('original.fields.device')}
          value={deviceId}
          onChange={setDeviceId}
          placeholder={t('original.other.selectDevice')}
          width={220}
          testId="other-device"
        />
        <TimeRangeItem
          label={t('original.fields.range')}
          tooLong={t('original.rangeTooLong')}
          range={range}
          onChange={setRange}
        />
        <RefreshButton loading={rows.isFetching} onClick={() => void rows.refetch()} />
        <ExportButton
          disabled={deviceId === undefined || !valid}
          onExport={() => exportOther(query)}
          testId="other-export"
        />
      </Form>
      <Segmented<StationStateKind>
        value={kind}
        onChange={setKind}
        options={STATION_STATE_KINDS.map((k) => ({ value: k, label: t(`original.other.kinds.${k}`) }))}
      />
      <PacketRows<OtherRow>
        result={rows}
        noDevice={deviceId === undefined}
        texts={{
          truncated: t('original.other.truncated'),
          selectDevice: t('original.other.selectDevice'),
          empty: t('original.other.empty'),
        }}
        table={{ rowKey: (row) => `${row.packetId}-${row.item ?? ''}-${row.infoId ?? ''}`, columns }}
      />
    </QueryCard>
  );
}
