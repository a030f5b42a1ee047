import { BarChart, RadarChart } from 'echarts/charts';
import { MarkLineComponent, RadarComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { usePreferences } from '../../app/providers/preferences';
import { baseChartOption, CHART_COLORS, type ChartThemeName } from '../chart/chart-theme';
import { EChart } from '../chart/echart';

// The report charts' parts, added to the tree-shaken set the EChart wrapper registers (line, grid, legend…).
echarts.use([BarChart, RadarChart, RadarComponent, MarkLineComponent]);

export const REPORT_CHART_HEIGHT = 380;

/** A report chart in the console's theme (the chart is drawn again when the theme changes). */
export function ReportChart({ option, testId }: { option: object; testId: string }) {
  const { theme } = usePreferences();
  return (
    <EChart
      option={option}
      theme={theme}
      // Series and axes follow the report: a factor left out leaves the chart.
      replaceMerge={['series', 'xAxis', 'radar']}
      style={{ height: REPORT_CHART_HEIGHT }}
      data-testid={testId}
    />
  );
}

/** Axis colours of the theme. */
function axis(theme: ChartThemeName) {
  const colors = CHART_COLORS[theme];
  return {
    axisLine: { lineStyle: { color: colors.axisLine } },
    axisLabel: { color: colors.secondaryText },
    splitLine: { lineStyle: { color: colors.splitLine } },
  };
}

export interface BarSeries {
  name: string;
  values: (number | null)[];
}

/** Bars grouped by category (stations, factors), a series per legend entry. */
export function groupedBarOption(
  theme: ChartThemeName,
  title: string,
  categories: readonly string[],
  series: readonly BarSeries[],
) {
  const base = baseChartOption(theme);
  return {
    ...base,
    title: { ...base.title, text: title, left: 'center' },
    tooltip: { ...base.tooltip, axisPointer: { type: 'shadow' as const } },
    legend: { ...base.legend, top: 30 },
    grid: { left: 48, right: 24, top: 72, bottom: 48, containLabel: true },
    xAxis: {
      type: 'category' as const,
      data: [...categories],
      ...axis(theme),
      // Every station or factor named; slanted when there are many.
      axisLabel: { ...axis(theme).axisLabel, interval: 0, rotate: categories.length > 6 ? 30 : 0 },
    },
    yAxis: { type: 'value' as const, ...axis(theme) },
    series: series.map((s) => ({ type: 'bar' as const, name: s.name, data: s.values })),
  };
}

/** Lines over the periods (the contrast report), one per station or compared period. */
export function lineOption(
  theme: ChartThemeName,
  title: string,
  categories: readonly string[],
  series: readonly BarSeries[],
) {
  const base = baseChartOption(theme);
  return {
    ...base,
    title: { ...base.title, text: title, left: 'center' },
    legend: { ...base.legend, top: 30 },
    grid: { left: 48, right: 24, top: 72, bottom: 48, containLabel: true },
    xAxis: { type: 'category' as const, data: [...categories], ...axis(theme) },
    yAxis: { type: 'value' as const, scale: true, ...axis(theme) },
    series: series.map((s) => ({ type: 'line' as const, name: s.name, data: s.values, connectNulls: false })),
  };
}

export interface RadarAxis {
  name: string;
  /** The value relative to the standard, in percent; null without one. */
  percent: number | null;
}

/** Percent of the standard on each axis, with the standard as a ring at 100 %. */
export function radarOption(
  theme: ChartThemeName,
  title: string,
  axes: readonly RadarAxis[],
  names: { value: string; limit: string },
) {
  const base = baseChartOption(theme);
  const colors = CHART_COLORS[theme];
  const top = Math.max(150, ...axes.map((a) => a.percent ?? 0));
  const max = Math.ceil(top / 50) * 50;
  return {
    ...base,
    title: { ...base.title, text: title, left: 'center' },
    tooltip: { ...base.tooltip, trigger: 'item' as const },
    legend: { ...base.legend, top: 30, data: [names.value, names.limit] },
    radar: {
      center: ['50%', '58%'],
      radius: '62%',
      indicator: axes.map((a) => ({ name: a.name, max })),
      axisName: { color: colors.secondaryText },
      axisLine: { lineStyle: { color: colors.axisLine } },
      splitLine: { lineStyle: { color: colors.splitLine } },
      splitArea: { show: false },
    },
    series: [
      {
        type: 'radar' as const,
        data: [
          { name: names.value, value: axes.map((a) => (a.percent === null ? 0 : Math.round(a.percent * 100) / 100)) },
          { name: names.limit, value: axes.map(() => 100), lineStyle: { type: 'dashed' as const }, symbol: 'none' },
        ],
      },
    ],
  };
}
