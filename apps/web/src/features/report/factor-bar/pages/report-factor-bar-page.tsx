import { type ReportLimit, reportEndpoints } from '@envmon/shared';
import { itemsByUnit } from '../../../../components/chart/unit-panels';
import {
  reportFactorLabel,
  reportFactorName,
  ReportScreen,
  standardReportScreen,
  unitBarOption,
} from '../../components';

/** The bar a limit draws: the limit itself, a range's upper end. */
const limitBar = (limit: ReportLimit | null) => (limit === null ? null : (limit.limit2 ?? limit.limit1));

/**
 * Single-device factor bar (SPEC section 2 'reports'): one device's factors side by side — each factor's
 * period average next to its standard limit (alarm threshold or surface-water class), in the factor's
 * unit — with the table of averages, limits, ratios and exceedances below.
 */
const factorBarScreen = standardReportScreen(reportEndpoints.factorBar, {
  testId: 'report-factor-bar-page',
  help: (t) => t('report.factorBar.help'),
  // Each factor's period average next to its standard limit, in a panel per unit.
  chart: (data, { theme, lang, t }) => {
    const panels = itemsByUnit(data.factors, (f) => ({ unit: f.unit, measure: reportFactorName(f, lang) }));
    return unitBarOption(
      theme,
      `${data.device.deviceName} · ${t('report.factorBar.title')}`,
      panels.map((panel) => ({
        name: panel.name,
        categories: panel.items.map((f) => reportFactorLabel(f, lang)),
        series: [
          { name: t('report.factorBar.measured'), values: panel.items.map((f) => f.avg) },
          { name: t('report.factorBar.standard'), values: panel.items.map((f) => limitBar(f.limit)) },
        ],
      })),
    );
  },
});

export default function ReportFactorBarPage() {
  return <ReportScreen definition={factorBarScreen} />;
}
