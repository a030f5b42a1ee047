import {
  DAY_MS,
  ROSE_UNITS,
  STATISTICS_MAX_MINUTE_RANGE_MS,
  STATISTICS_MAX_RANGE_MS,
  type OdorRose,
  type RoseSector,
  reportEndpoints,
  type OdorRoseQuery,
} from '@envmon/shared';
import { Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { VocabularyLang } from '../../../../components/crud/cell-render';
import {
  defineReportScreen,
  formatReportValue,
  pickedDayTimes,
  type ReportFilters,
  ReportScreen,
  statisticsFilter,
  withinDays,
  withSelectedProject,
} from '../../components';
import { roseOption } from './rose-option';

type OdorRoseParams = ReportFilters<OdorRoseQuery>;

const CHART_HEIGHT = 420;

interface FilterForm {
  deviceId?: number;
  factorCode?: string;
  timeUnit: OdorRoseParams['timeUnit'];
  range: [Dayjs, Dayjs];
}

/** The longest range of a unit, in days (minute data: a month). */
export const maxDays = (unit: OdorRoseParams['timeUnit']) =>
  Math.round((unit === 'min' ? STATISTICS_MAX_MINUTE_RANGE_MS : STATISTICS_MAX_RANGE_MS) / DAY_MS);

export function toRoseParams(form: FilterForm): OdorRoseParams {
  return withSelectedProject({
    deviceId: form.deviceId as number,
    factorCode: form.factorCode as string,
    timeUnit: form.timeUnit,
    ...pickedDayTimes(form.range),
  });
}

/** The mean's column and rose title: the factor in the console's language with its unit. */
const meanLabel = (data: OdorRose, t: TFunction, lang: VocabularyLang) => {
  const name = (lang === 'en' ? data.factorNameEn : data.factorName) ?? data.factorCode;
  return `${name} ${t('statistics.odorRose.mean')}${data.unit ? ` (${data.unit})` : ''}`;
};

const value = (data: OdorRose, v: number | null) => formatReportValue(v, data.decimals);

/**
 * Odour rose (SPEC section 2 'reports'): one station's wind in 16 sectors — frequency of each and the mean
 * concentration of a chosen odour or pollutant factor with that wind — calm apart; a polar bar chart and its table.
 */
const odorRoseScreen = defineReportScreen(reportEndpoints.odorRose, {
  testId: 'report-odor-rose-page',
  help: (t) => t('statistics.odorRose.help'),
  filter: statisticsFilter({
    initialValues: (): FilterForm => ({ timeUnit: 'hour', range: [dayjs().subtract(7, 'day'), dayjs()] }),
    fields: [
      { field: 'device', required: true, testId: 'rose-device' },
      { field: 'factor', testId: 'rose-factor' },
      { field: 'unit', units: ROSE_UNITS },
      {
        field: 'range',
        fits: (range, unit) => withinDays(range, maxDays(unit as OdorRoseParams['timeUnit'])),
        maxDays: (unit) => maxDays(unit as OdorRoseParams['timeUnit']),
        followsUnit: true,
      },
    ],
    searchTestId: 'rose-search',
    toParams: toRoseParams,
  }),
  isEmpty: (data) => data.samples === 0,
  body: (part) => [
    part.node((data, { t }) => (
      <Typography.Text data-testid="rose-summary">
        {data.deviceName} · {t('statistics.odorRose.samples', { count: data.samples })} ·{' '}
        {t('statistics.odorRose.calm', {
          speed: data.calmSpeed,
          count: data.calm.count,
          frequency: data.calm.frequency.toFixed(2),
          mean: value(data, data.calm.mean),
        })}
      </Typography.Text>
    )),
    part.chart(
      (data, { theme, lang, t }) => ({
        option: roseOption(
          theme,
          data,
          { frequency: t('statistics.odorRose.frequency'), mean: meanLabel(data, t, lang) },
          data.decimals ?? 2,
        ),
        height: CHART_HEIGHT,
        replaceMerge: ['series', 'polar', 'angleAxis', 'radiusAxis'],
      }),
      'rose-chart',
    ),
    part.table({
      testId: 'rose-sectors',
      rows: (data) => data.sectors,
      rowKey: 'sector',
      props: (data, { t }) => ({
        pagination: false,
        summary: () => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('statistics.odorRose.calmRow')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{`< ${data.calmSpeed} m/s`}</Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {data.calm.count}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {data.calm.frequency.toFixed(2)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {value(data, data.calm.mean)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ),
      }),
      columns: (data, { t, lang }) => [
        { key: 'sector', title: t('statistics.columns.sector'), dataIndex: 'sector' },
        { key: 'degrees', title: t('statistics.columns.degrees'), render: (_, s: RoseSector) => `${s.from}–${s.to}` },
        { key: 'count', title: t('statistics.columns.samples'), dataIndex: 'count', align: 'right' },
        {
          key: 'frequency',
          title: t('statistics.columns.frequency'),
          align: 'right',
          render: (_, s: RoseSector) => s.frequency.toFixed(2),
        },
        {
          key: 'mean',
          title: meanLabel(data, t, lang),
          align: 'right',
          render: (_, s: RoseSector) => value(data, s.mean),
        },
      ],
    }),
  ],
});

export default function ReportOdorRosePage() {
  return <ReportScreen definition={odorRoseScreen} />;
}
