import { AI_KINDS, type AiKind, type AiRequest, type AiRow } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Form, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../../components/crud/export-button';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { FactorSelect } from '../../../../components/device-factor-select';
import { useTableHeight } from '../../../../components/use-table-height';
import { formatDataTime } from '../../../../lib/data-time';
import { getSelectedProjectId } from '../../../../lib/project';
import { FlagTag } from '../../../../components/vocabulary/flag-tag';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { factorLabel, formatValue } from '../../gather/utils/gather-view';
import { TimeRangeItem } from '../../original/components/time-range-item';
import { rangeAllowed } from '../../original/utils/original-filter';
import { aiQueryOptions, exportAi } from '../api/ai-api';
import { PacketRows } from '../../components/packet-rows';
import { QueryCard } from '../../components/query-card';
import { QueryDeviceItem } from '../../components/query-device-item';

const TABLE_OFFSET = 420;
const SELECT_WIDTH = 220;

/**
 * AI (SPEC section 2 'queries: ai'), read as analog input: a station's engineering values (real-time 2011 Rtd
 * or minute 2051 Avg) beside the signal of the logger's analog channel behind each (the `-Ai` field, where the
 * station sends it), parsed from its stored packets. The user guide explains this reading.
 */
export default function QueryAiPage() {
  const { t } = useTranslation();
  const english = useVocabularyLang() === 'en';
  const projectId = getSelectedProjectId();
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const [kind, setKind] = useState<AiKind>('rtd');
  const [factorCodes, setFactorCodes] = useState<string[]>([]);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'day'), dayjs()]);
  const valid = rangeAllowed(range);
  const request: AiRequest = {
    projectId: projectId ?? undefined,
    deviceId: deviceId ?? 0,
    kind,
    factorCodes: factorCodes.length > 0 ? factorCodes.join(',') : undefined,
    beginTime: range[0].valueOf(),
    endTime: range[1].valueOf(),
  };
  const result = useQuery({ ...aiQueryOptions(request), enabled: deviceId !== undefined && valid });
  const tableHeight = useTableHeight(TABLE_OFFSET);
  const byCode = useMemo(() => new Map((result.data?.factors ?? []).map((f) => [f.factorCode, f])), [result.data]);

  const offset = result.data?.utcOffsetMinutes;
  const columns = [
    {
      key: 'dataTime',
      title: 'DataTime',
      dataIndex: 'dataTime',
      width: 180,
      // The station's clock, as the export writes it (lib/data-time.ts).
      render: (ms: number | null) => (offset === undefined ? '-' : formatDataTime(ms, offset)),
    },
    {
      key: 'factor',
      title: t('query.common.factor'),
      dataIndex: 'factorCode',
      render: (code: string) => factorLabel(byCode.get(code), code, english),
    },
    {
      key: 'value',
      title: t('query.ai.value'),
      dataIndex: 'value',
      align: 'right' as const,
      render: (v: number | null, row: AiRow) => formatValue(v, byCode.get(row.factorCode)?.decimals),
    },
    {
      key: 'flag',
      title: t('query.ai.flag'),
      dataIndex: 'flag',
      width: 120,
      render: (flag: string | null) => <FlagTag flag={flag} />,
    },
    {
      key: 'analog',
      title: t('query.ai.analog'),
      dataIndex: 'analog',
      align: 'right' as const,
      render: (v: number | null) => (v === null ? '-' : String(v)),
    },
  ];

  return (
    <QueryCard testId="query-ai-page" help={t('query.ai.help')}>
      <Form layout="inline">
        <QueryDeviceItem
          label={t('query.common.device')}
          value={deviceId}
          onChange={setDeviceId}
          placeholder={t('query.common.selectDevice')}
          width={SELECT_WIDTH}
          testId="ai-device"
        />
        <Form.Item label={t('query.common.factors')}>
          <FactorSelect<string[]>
            devices={deviceId}
            aria-label={t('query.common.factors')}
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            value={factorCodes}
            onChange={setFactorCodes}
            placeholder={t('query.common.allFactors')}
            style={{ width: SELECT_WIDTH }}
          />
        </Form.Item>
        <TimeRangeItem
          label={t('query.common.range')}
          tooLong={t('query.common.rangeTooLong')}
          range={range}
          onChange={setRange}
        />
      </Form>
      <Flex gap="small" justify="space-between">
        <Segmented<AiKind>
          value={kind}
          onChange={setKind}
          options={AI_KINDS.map((k) => ({ value: k, label: t(`query.ai.kinds.${k}`) }))}
        />
        <Flex gap="small">
          <ExportButton
            disabled={deviceId === undefined || !valid}
            onExport={() => exportAi(request)}
            testId="ai-export"
          />
          <RefreshButton loading={result.isFetching} onClick={() => void result.refetch()} />
        </Flex>
      </Flex>
      <PacketRows<AiRow>
        result={result}
        noDevice={deviceId === undefined}
        texts={{
          truncated: t('query.common.truncated'),
          selectDevice: t('query.common.selectDevice'),
          empty: t('query.ai.empty'),
        }}
        table={{
          rowKey: (row) => `${row.packetId}-${row.factorCode}`,
          columns,
          scroll: { y: tableHeight },
          pagination: { defaultPageSize: 50, showSizeChanger: true },
        }}
      />
    </QueryCard>
  );
}
