import type { OdorRose } from '@envmon/shared';
import { baseChartOption, CHART_COLORS, type ChartThemeName } from '../../../../components/chart/chart-theme';

/** Half a sector: a category angle axis starting here puts N's slot centred on the top. */
const START_ANGLE = 90 + 360 / 32;

export interface RoseLabels {
  frequency: string;
  mean: string;
}

/**
 * Two polar bar roses side by side over the 16 sectors (N on top, clockwise): how often the wind came
 * from each sector (% of samples), and the factor's mean concentration with that wind.
 */
export function roseOption(theme: ChartThemeName, rose: OdorRose, labels: RoseLabels, decimals: number) {
  const base = baseChartOption(theme);
  const colors = CHART_COLORS[theme];
  const sectors = rose.sectors.map((s) => s.sector);
  const axisStyle = {
    axisLine: { lineStyle: { color: colors.axisLine } },
    axisLabel: { color: colors.secondaryText },
    splitLine: { lineStyle: { color: colors.splitLine } },
  };
  return {
    ...base,
    tooltip: { ...base.tooltip, trigger: 'item' as const },
    title: [
      { ...base.title, text: labels.frequency, left: '25%', textAlign: 'center' as const },
      { ...base.title, text: labels.mean, left: '75%', textAlign: 'center' as const },
    ],
    polar: [
      { center: ['25%', '55%'], radius: '70%' },
      { center: ['75%', '55%'], radius: '70%' },
    ],
    angleAxis: [0, 1].map((polarIndex) => ({
      polarIndex,
      type: 'category' as const,
      data: sectors,
      startAngle: START_ANGLE,
      ...axisStyle,
    })),
    radiusAxis: [0, 1].map((polarIndex) => ({ polarIndex, type: 'value' as const, min: 0, ...axisStyle })),
    series: [
      {
        type: 'bar' as const,
        coordinateSystem: 'polar' as const,
        polarIndex: 0,
        name: labels.frequency,
        data: rose.sectors.map((s) => Number(s.frequency.toFixed(2))),
      },
      {
        type: 'bar' as const,
        coordinateSystem: 'polar' as const,
        polarIndex: 1,
        name: labels.mean,
        data: rose.sectors.map((s) => (s.mean === null ? null : Number(s.mean.toFixed(decimals)))),
      },
    ],
  };
}
