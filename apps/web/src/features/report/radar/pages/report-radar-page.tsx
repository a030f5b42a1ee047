import { reportEndpoints } from '@envmon/shared';
import { radarOption, reportFactorName, ReportScreen, standardReportScreen } from '../../components';

/**
 * Standard radar chart (SPEC section 2 'reports'): one device's factors, each axis the period average
 * relative to its standard (the alarm threshold or a surface-water class limit) with the standard as the
 * 100 % ring — above it is worse than the standard, for upper, lower (dissolved oxygen) and range (pH)
 * limits alike (report.radar.help says how each is read). Factors without a standard are in the table only.
 */
const radarScreen = standardReportScreen(reportEndpoints.radar, {
  testId: 'report-radar-page',
  help: (t) => t('report.radar.help'),
  // Each factor with a standard as an axis: its average as a percentage of the standard.
  chart: (data, { theme, lang, t }) => {
    const axes = data.factors
      .filter((f) => f.ratio !== null)
      .map((f) => ({ name: reportFactorName(f, lang), percent: (f.ratio as number) * 100 }));
    if (axes.length === 0) return null;
    return {
      option: radarOption(theme, `${data.device.deviceName} · ${t('report.radar.title')}`, axes, {
        value: t('report.radar.value'),
        limit: t('report.radar.limitRing'),
      }),
    };
  },
});

export default function ReportRadarPage() {
  return <ReportScreen definition={radarScreen} />;
}
