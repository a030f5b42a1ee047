import { type ReportStationRow, reportEndpoints } from '@envmon/shared';
import {
  reportAuditedNote,
  defineReportScreen,
  formatReportValue,
  reportFactorLabel,
  reportFactorName,
  reportFilter,
  type ReportFilterForm,
  ReportScreen,
  unitBarOption,
} from '../../components';
import { itemsByUnit } from '../../../../components/chart/unit-panels';

const STATS = ['avg', 'min', 'max'] as const;

const toParams = (form: ReportFilterForm) => ({ deviceIds: form.deviceIds ?? [], factorCodes: form.factorCodes ?? [] });

/**
 * Multi-station report (SPEC section 2 'reports'): the chosen factors (all with values when none is
 * chosen) on several stations over a period — a grouped bar chart of the averages by station, and a
 * table of each factor's average, minimum and maximum per station (deviceName, MN), as the export writes it.
 */
const multiStationScreen = defineReportScreen(reportEndpoints.multiStation, {
  testId: 'report-multi-station-page',
  help: (t) => t('report.multiStation.help'),
  prompt: (t) => t('report.filter.pickDevices'),
  filter: reportFilter({ devices: 'many', factors: 'many', toParams }),
  isEmpty: (data) => data.factors.length === 0,
  body: (part) => [
    reportAuditedNote(),
    // A panel per unit: each factor's averages by station against a scale of the factor's unit.
    part.chart((data, { theme, lang, t }) => {
      const stations = data.stations.map((s) => s.device.deviceName);
      const panels = itemsByUnit(data.factors, (f) => ({ unit: f.unit, measure: reportFactorName(f, lang) }));
      return unitBarOption(
        theme,
        t('report.multiStation.chart'),
        panels.map((panel) => ({
          name: panel.name,
          categories: stations,
          series: panel.items.map((f) => ({
            name: reportFactorLabel(f, lang),
            values: data.stations.map((s) => s.values[f.factorCode]?.avg ?? null),
          })),
        })),
      );
    }),
    part.table({
      testId: 'report-table',
      rows: (data) => data.stations,
      rowKey: (row: ReportStationRow) => row.device.deviceId,
      props: () => ({ bordered: true, pagination: false, scroll: { x: 'max-content' } }),
      columns: (data, { t, lang }) => [
        {
          key: 'deviceName',
          title: t('report.columns.deviceName'),
          fixed: 'left',
          render: (_, row) => row.device.deviceName,
        },
        { key: 'mn', title: t('report.columns.mn'), render: (_, row) => row.device.mn },
        ...data.factors.map((f) => ({
          key: f.factorCode,
          title: reportFactorLabel(f, lang),
          children: STATS.map((stat) => ({
            key: `${f.factorCode}-${stat}`,
            title: t(`report.columns.${stat}`),
            align: 'right' as const,
            render: (_: unknown, row: ReportStationRow) =>
              formatReportValue(row.values[f.factorCode]?.[stat], f.decimals),
          })),
        })),
      ],
    }),
  ],
});

export default function ReportMultiStationPage() {
  return <ReportScreen definition={multiStationScreen} />;
}
