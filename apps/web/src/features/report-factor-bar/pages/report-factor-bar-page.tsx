import type { ReportLimit, ReportStandardReport } from '@envmon/shared';
import { useTranslation } from 'react-i18next';
import {
  groupedBarOption,
  reportFactorLabel,
  type StandardChartContext,
  StandardReportScreen,
} from '../../../components/report';
import { FACTOR_BAR_URLS, factorBarQueryOptions } from '../api/factor-bar-api';

/** The bar a limit draws: the limit itself, a range's upper end. */
const limitBar = (limit: ReportLimit | null) => (limit === null ? null : (limit.limit2 ?? limit.limit1));

/** Each factor's period average next to its standard limit. */
function chartOption(data: ReportStandardReport, { theme, lang, t }: StandardChartContext) {
  return groupedBarOption(
    theme,
    `${data.device.deviceName} · ${t('report.factorBar.title')}`,
    data.factors.map((f) => reportFactorLabel(f, lang)),
    [
      { name: t('report.factorBar.measured'), values: data.factors.map((f) => f.avg) },
      { name: t('report.factorBar.standard'), values: data.factors.map((f) => limitBar(f.limit)) },
    ],
  );
}

/**
 * Single-device factor bar (SPEC section 2 'reports'): one device's factors side by side — each factor's
 * period average next to its standard limit (alarm threshold or surface-water class), in the factor's
 * unit — with the table of averages, limits, ratios and exceedances below.
 */
export default function ReportFactorBarPage() {
  const { t } = useTranslation();
  return (
    <StandardReportScreen
      testId="report-factor-bar-page"
      help={t('report.factorBar.help')}
      exportUrl={FACTOR_BAR_URLS.export}
      queryOptions={factorBarQueryOptions}
      chartOption={chartOption}
    />
  );
}
