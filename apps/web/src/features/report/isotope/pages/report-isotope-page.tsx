import {
  ISOTOPE_UNITS,
  STATISTICS_MAX_RANGE_MS,
  type IsotopeQuery,
  type IsotopeRow,
  reportEndpoints,
} from '@envmon/shared';
import { Alert, Empty } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  defineReportScreen,
  pickedDayTimes,
  reportPagination,
  type ReportFilters,
  ReportScreen,
  statisticsFactorName,
  statisticsFilter,
  statisticsRowColumns,
  withinDays,
  withSelectedProject,
} from '../../components';

type IsotopeParams = ReportFilters<IsotopeQuery>;

const TABLE_OFFSET = 400;
const MAX_DAYS = Math.round(STATISTICS_MAX_RANGE_MS / 86_400_000);

interface FilterForm {
  deviceId?: number;
  timeUnit: IsotopeParams['timeUnit'];
  range: [Dayjs, Dayjs];
}

/** The chosen days as [first midnight, midnight after the last). */
export function toIsotopeParams(form: FilterForm): IsotopeParams {
  return withSelectedProject({
    timeUnit: form.timeUnit,
    ...pickedDayTimes(form.range),
    ...(form.deviceId === undefined ? {} : { deviceId: form.deviceId }),
  });
}

/**
 * Isotope report (SPEC section 2 'reports'): statistics of the factors the catalogue marks as isotopes
 * (category 'isotope') per station over a period; without such a factor it says how to configure one.
 */
const isotopeScreen = defineReportScreen(reportEndpoints.isotope, {
  testId: 'report-isotope-page',
  help: (t) => t('statistics.isotope.help'),
  prompt: (t) => t('statistics.filter.prompt'),
  filter: statisticsFilter({
    initialValues: (): FilterForm => ({ timeUnit: 'day', range: [dayjs().subtract(30, 'day'), dayjs()] }),
    fields: [
      { field: 'device' },
      { field: 'unit', units: ISOTOPE_UNITS },
      { field: 'range', fits: (range) => withinDays(range, MAX_DAYS), maxDays: () => MAX_DAYS },
    ],
    searchTestId: 'isotope-search',
    toParams: toIsotopeParams,
  }),
  exportable: (data) => data.rows.length > 0,
  // With no isotope factor configured the body explains how to configure one (not just 'no data').
  isEmpty: (data) => data.factors.length > 0 && data.rows.length === 0,
  instead: (data, { t }) =>
    data.factors.length === 0 ? (
      <Empty description={t('statistics.isotope.noFactors')} data-testid="isotope-no-factors" />
    ) : null,
  tableOffset: TABLE_OFFSET,
  body: (part) => [
    part.node((data, { t, lang }) => (
      <Alert
        type="info"
        showIcon
        title={t('statistics.isotope.factors', {
          names: data.factors.map((f) => statisticsFactorName(f, lang)).join('、'),
        })}
      />
    )),
    part.pageTable({
      testId: 'isotope-rows',
      rows: (data) => data.rows,
      rowKey: (row: IsotopeRow) => `${row.deviceId}-${row.factorCode}`,
      props: (_, { t }) => ({ pagination: reportPagination(t, { total: false }) }),
      columns: (_, { t, lang }) => statisticsRowColumns<IsotopeRow>(t, lang),
    }),
  ],
});

export default function ReportIsotopePage() {
  return <ReportScreen definition={isotopeScreen} />;
}
