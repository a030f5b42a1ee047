import {
  HISTORY_LIMITS,
  HISTORY_TIME_PRECISION,
  HISTORY_MAX_RANGE_DAYS,
  HISTORY_TIME_UNITS,
  type HistoryCell,
  type HistoryFilter,
  type HistoryRow,
  type HistoryTimeUnit,
  vocabularyLabel,
} from '@envmon/shared';
import { ExportOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Segmented,
  Select,
  Spin,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../app/providers/preferences';
import { EChart } from '../../../../components/chart/echart';
import { PANEL_REPLACE_MERGE } from '../../../../components/chart/unit-panels';
import { PagedTable } from '../../../../components/crud/paged-table';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { usePagedQuery } from '../../../../components/crud/use-paged-query';
import { useTableHeight } from '../../../../components/use-table-height';
import { formatDataTime } from '../../../../lib/data-time';
import { getSelectedProjectId } from '../../../../lib/project';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import {
  exportHistory,
  historyChartQueryOptions,
  historyDevicesQueryOptions,
  historyFactorsQueryOptions,
  historyTableQueryOptions,
} from '../api/history-api';
import { buildHistoryChartOption } from '../utils/history-chart-option';
import { WithStationValue } from '../../components/station-value';
import {
  cellTone,
  defaultRange,
  factorTitle,
  formatValue,
  pickerOf,
  rangeAllowed,
  rangeBounds,
} from '../utils/history-form';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';

/** Factors chosen for a device at first: the first few of its list. */
const DEFAULT_FACTORS = 5;
const DEFAULT_UNIT: HistoryTimeUnit = 'hour';
/** The height offered to the chart; it grows when its unit panels need more. */
const CHART_HEIGHT = 360;
/** Everything above the table's body: header, tabs, filters, chart, table header and pagination. */
const TABLE_OFFSET = 330 + CHART_HEIGHT;
const SELECT_WIDTH = 240;

/**
 * The history query (SPEC section 2 'queries: history'): chosen devices × factors over a range at a time
 * unit (hour, day, month, flow day/month/year; minute and real-time too) as a chart — a line per device ×
 * factor, downsampled by the server — and a table paging through every value, flag-coloured, with export.
 * It opens on the project's first device and its first factors over the latest week of hours.
 */
export default function QueryHistoryPage() {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const { theme } = usePreferences();
  const [now] = useState(() => dayjs());
  const projectId = getSelectedProjectId() ?? undefined;

  // Choices: null until the user makes one (the defaults apply meanwhile).
  const [deviceIds, setDeviceIds] = useState<number[] | null>(null);
  const [factorCodes, setFactorCodes] = useState<string[] | null>(null);
  const [timeUnit, setTimeUnit] = useState<HistoryTimeUnit>(DEFAULT_UNIT);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [submitted, setSubmitted] = useState<HistoryFilter | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  /** Values as stored (raw) or as audited (issue 19): applies at once to what is shown. */
  const [audited, setAudited] = useState(false);

  const devices = useQuery(historyDevicesQueryOptions(projectId));
  const deviceList = useMemo(() => devices.data ?? [], [devices.data]);
  const chosenDevices = useMemo(() => deviceIds ?? (deviceList[0] ? [deviceList[0].id] : []), [deviceIds, deviceList]);
  const chosenCodes = useMemo(
    () => deviceList.filter((d) => chosenDevices.includes(d.id)).map((d) => d.deviceCode),
    [deviceList, chosenDevices],
  );
  const factors = useQuery(historyFactorsQueryOptions(chosenCodes));
  const factorList = useMemo(() => factors.data ?? [], [factors.data]);
  const chosenFactors = factorCodes ?? factorList.slice(0, DEFAULT_FACTORS).map((f) => f.factorCode);
  const chosenRange = range ?? defaultRange(timeUnit, now);

  // Until the first search, the defaults are shown as soon as they are known (edits wait for Search).
  const initial = useMemo<HistoryFilter | null>(() => {
    const first = deviceList[0];
    if (!first || factorList.length === 0) return null;
    return {
      projectId,
      deviceIds: [first.id],
      factorCodes: factorList.slice(0, DEFAULT_FACTORS).map((f) => f.factorCode),
      timeUnit: DEFAULT_UNIT,
      ...rangeBounds(DEFAULT_UNIT, defaultRange(DEFAULT_UNIT, now)),
    };
  }, [deviceList, factorList, projectId, now]);
  const chosenFilter = submitted ?? initial;
  const filter = useMemo(
    () => (chosenFilter && audited ? { ...chosenFilter, audited: true } : chosenFilter),
    [chosenFilter, audited],
  );
  /** The first edit keeps what is shown until Search (the defaults would otherwise follow the edit). */
  const keepShown = () => {
    if (!submitted && initial) setSubmitted(initial);
  };

  const {
    list: table,
    setPage,
    table: paged,
  } = usePagedQuery((page) => ({
    ...historyTableQueryOptions(filter as HistoryFilter, page.pageNum, page.pageSize),
    enabled: filter !== null,
  }));
  const chart = useQuery({ ...historyChartQueryOptions(filter as HistoryFilter), enabled: filter !== null });
  const tableHeight = useTableHeight(TABLE_OFFSET);

  const search = () => {
    const message =
      chosenDevices.length === 0
        ? t('history.pickDevices')
        : chosenFactors.length === 0
          ? t('history.pickFactors')
          : !rangeAllowed(timeUnit, chosenRange)
            ? t('history.rangeTooLong', { days: HISTORY_MAX_RANGE_DAYS[timeUnit] })
            : chosenDevices.length * chosenFactors.length > HISTORY_LIMITS.maxSeries
              ? t('history.tooManyLines', { max: HISTORY_LIMITS.maxSeries })
              : null;
    setProblem(message);
    if (message) return;
    setSubmitted({
      projectId,
      deviceIds: chosenDevices,
      factorCodes: chosenFactors,
      timeUnit,
      ...rangeBounds(timeUnit, chosenRange),
    });
    setPage((current) => ({ ...current, pageNum: 1 }));
  };

  const exportTable = () => {
    if (!filter) return;
    setExporting(true);
    exportHistory(filter)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const answer = table.data;
  const columns = useMemo<TableColumnsType<HistoryRow>>(() => {
    if (!answer) return [];
    const precision = HISTORY_TIME_PRECISION[answer.timeUnit];
    const flagText = (cell: HistoryCell) =>
      [
        cell.flag ? `${t('history.flag')}: ${cell.flag} ${vocabularyLabel('dataFlag', cell.flag, lang)}` : null,
        cell.quality
          ? `${t('history.quality')}: ${cell.quality} ${vocabularyLabel('dataFlag', cell.quality, lang)}`
          : null,
      ]
        .filter(Boolean)
        .join('; ');
    return [
      { title: t('history.fields.deviceName'), dataIndex: 'deviceName', width: 180, fixed: 'left' },
      { title: 'MN', dataIndex: 'deviceCode', width: 200 },
      {
        title: t('history.fields.dataTime'),
        dataIndex: 'dataTime',
        width: 170,
        render: (ms: number, row: HistoryRow) => formatDataTime(ms, row.utcOffsetMinutes, precision),
      },
      ...answer.factors.map((factor) => ({
        key: factor.factorCode,
        title: factorTitle(factor, lang),
        width: 140,
        align: 'right' as const,
        render: (_: unknown, row: HistoryRow) => {
          const cell = row.values[factor.factorCode];
          if (!cell) return '-';
          const text = (
            <WithStationValue text={formatValue(cell.value, factor.decimals)} stationValue={cell.stationValue} />
          );
          const tone = cellTone(cell);
          // A value an audit touched says so (its state in the tooltip, underlined).
          const audit = cell.auditState
            ? `${t('dataAudit.history.state')}: ${vocabularyLabel('auditState', cell.auditState, lang)}`
            : null;
          if (tone === 'normal' && !audit) return text;
          const title = [flagText(cell), audit].filter(Boolean).join('; ');
          return (
            <Tooltip title={title}>
              <Typography.Text
                type={tone === 'normal' ? undefined : tone}
                underline={audit !== null}
                data-testid={tone === 'normal' ? 'audited-value' : 'flagged-value'}
              >
                {text}
              </Typography.Text>
            </Tooltip>
          );
        },
      })),
    ];
  }, [answer, lang, t]);

  const utcOffsets = useMemo(() => new Map(deviceList.map((d) => [d.id, d.utcOffsetMinutes])), [deviceList]);
  const chartView = useMemo(
    () => (chart.data ? buildHistoryChartOption(chart.data, theme, lang, CHART_HEIGHT, utcOffsets) : null),
    [chart.data, theme, lang, utcOffsets],
  );
  const chartEmpty = chart.data?.series.every((s) => s.points.length === 0) ?? false;
  const downsampled = chart.data?.series.some((s) => s.total > s.points.length) ?? false;

  const results = () => {
    if (devices.isSuccess && deviceList.length === 0) return <Empty description={t('history.noDevices')} />;
    if (!filter) return null;
    return (
      <>
        <QueryErrorAlert error={chart.error} onRetry={() => void chart.refetch()} />
        <Spin spinning={chart.isFetching}>
          {chartEmpty ? (
            <Empty description={t('history.chartEmpty')} />
          ) : chartView ? (
            <EChart
              option={chartView.option}
              theme={theme}
              replaceMerge={PANEL_REPLACE_MERGE}
              style={{ height: chartView.height }}
              data-testid="history-chart"
            />
          ) : (
            <div style={{ height: CHART_HEIGHT }} />
          )}
        </Spin>
        {downsampled ? (
          <Typography.Text type="secondary">{t('history.downsampled', { max: chart.data?.maxPoints })}</Typography.Text>
        ) : null}
        <PagedTable<HistoryRow>
          {...paged}
          rowKey={(row) => `${row.deviceId}|${row.dataTime}`}
          size="middle"
          columns={columns}
          empty={t('history.empty')}
          scrollX="max-content"
          scrollY={tableHeight}
        />
      </>
    );
  };

  return (
    <Card variant="borderless" data-testid="query-history-page">
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('history.help')}</Typography.Text>
        <Flex gap="small" wrap align="center" role="search">
          <Select<number[]>
            mode="multiple"
            maxTagCount="responsive"
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('history.fields.devices')}
            placeholder={t('history.fields.devices')}
            loading={devices.isPending}
            value={chosenDevices}
            onChange={(ids) => {
              keepShown();
              setDeviceIds(ids);
              setFactorCodes(null);
            }}
            options={deviceList.map((d) => ({ value: d.id, label: d.deviceName }))}
            style={{ width: SELECT_WIDTH + 60 }}
            data-testid="history-devices"
          />
          <Select<string[]>
            mode="multiple"
            maxTagCount="responsive"
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('history.fields.factors')}
            placeholder={t('history.fields.factors')}
            loading={factors.isFetching}
            value={chosenFactors}
            onChange={(codes) => {
              keepShown();
              setFactorCodes(codes);
            }}
            options={factorList.map((f) => ({
              value: f.factorCode,
              label: `${lang === 'en' ? f.factorNameEn : f.factorName} (${f.factorCode})`,
            }))}
            style={{ width: SELECT_WIDTH + 60 }}
            data-testid="history-factors"
          />
          <Select<HistoryTimeUnit>
            aria-label={t('history.fields.timeUnit')}
            value={timeUnit}
            onChange={(unit) => {
              setTimeUnit(unit);
              setRange(null);
            }}
            options={HISTORY_TIME_UNITS.map((unit) => ({ value: unit, label: t(`history.units.${unit}`) }))}
            style={{ width: 120 }}
            data-testid="history-unit"
          />
          <DateRangePicker
            key={timeUnit}
            aria-label={t('history.fields.range')}
            picker={pickerOf(timeUnit) === 'time' ? 'date' : pickerOf(timeUnit)}
            showTime={pickerOf(timeUnit) === 'time'}
            allowClear={false}
            value={chosenRange}
            onChange={(value) => {
              if (value?.[0] && value[1]) setRange([value[0], value[1]]);
            }}
          />
          <Segmented<'raw' | 'audited'>
            aria-label={t('dataAudit.history.label')}
            value={audited ? 'audited' : 'raw'}
            onChange={(value) => setAudited(value === 'audited')}
            options={[
              { value: 'raw', label: t('dataAudit.history.raw') },
              { value: 'audited', label: t('dataAudit.history.audited') },
            ]}
            data-testid="history-audited"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="history-search">
            {t('common.actions.search')}
          </Button>
          <Button
            icon={<ExportOutlined />}
            loading={exporting}
            disabled={!filter}
            onClick={exportTable}
            data-testid="history-export"
          >
            {t('common.actions.export')}
          </Button>
          <RefreshButton
            loading={table.isFetching || chart.isFetching}
            onClick={() => {
              void table.refetch();
              void chart.refetch();
            }}
          />
        </Flex>
        {problem ? <Alert type="warning" showIcon title={problem} /> : null}
        <QueryErrorAlert error={devices.error ?? factors.error} onRetry={() => void devices.refetch()} />
        {results()}
      </Flex>
    </Card>
  );
}
