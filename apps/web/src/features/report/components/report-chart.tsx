import { BarChart, RadarChart } from 'echarts/charts';
import { MarkLineComponent, RadarComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { usePreferences } from '../../../app/providers/preferences';
import { CHART_PALETTE } from '@envmon/shared';
import { baseChartOption, CHART_COLORS, type ChartThemeName } from '../../../components/chart/chart-theme';
import { EChart } from '../../../components/chart/echart';
import { panelLayout, panelValueAxis } from '../../../components/chart/unit-panels';

// The report charts' parts, added to the tree-shaken set the EChart wrapper registers (line, grid, legend…).
echarts.use([BarChart, RadarChart, RadarComponent, MarkLineComponent]);

export const REPORT_CHART_HEIGHT = 380;

/** A report chart's option and the height it needs (stacked panels grow the chart). */
export interface ReportChartSpec {
  option: object;
  height?: number;
  /** The option parts a new report replaces rather than merges (by default the bar, line and radar charts' own). */
  replaceMerge?: string[];
}

const REPLACED = ['series', 'grid', 'xAxis', 'yAxis', 'radar'];

/** A report chart in the console's theme (the chart is drawn again when the theme changes). */
export function ReportChart({
  option,
  height = REPORT_CHART_HEIGHT,
  replaceMerge = REPLACED,
  testId,
}: ReportChartSpec & { testId: string }) {
  const { theme } = usePreferences();
  return (
    <EChart
      option={option}
      theme={theme}
      // Series, panels and axes follow the report: a factor (or a unit) left out leaves the chart.
      replaceMerge={replaceMerge}
      style={{ height }}
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

/** The bars of one unit: their value axis's name, their categories (stations, factors) and a series per legend entry. */
export interface BarPanel {
  /** The unit, or what unitless bars measure. */
  name: string;
  categories: readonly string[];
  series: readonly BarSeries[];
}

/**
 * Bars in a panel per unit (unit-panels.ts, the rule every chart of several factors follows): each unit's
 * bars stand against a labelled scale of their own, from zero. Series of the same name share one colour
 * and one legend entry across the panels.
 */
export function unitBarOption(theme: ChartThemeName, title: string, panels: readonly BarPanel[]): ReportChartSpec {
  const base = baseChartOption(theme);
  const { height, grid } = panelLayout(panels.length, 64, REPORT_CHART_HEIGHT);
  const names = [...new Set(panels.flatMap((panel) => panel.series.map((s) => s.name)))];
  const colour = (name: string) => CHART_PALETTE[names.indexOf(name) % CHART_PALETTE.length];
  return {
    height,
    option: {
      ...base,
      title: { ...base.title, text: title, left: 'center' },
      tooltip: { ...base.tooltip, axisPointer: { type: 'shadow' as const } },
      legend: { ...base.legend, top: 30, data: names },
      grid,
      xAxis: panels.map((panel, i) => ({
        type: 'category' as const,
        gridIndex: i,
        data: [...panel.categories],
        ...axis(theme),
        // Every station or factor named; slanted when there are many.
        axisLabel: { ...axis(theme).axisLabel, interval: 0, rotate: panel.categories.length > 6 ? 30 : 0 },
      })),
      // Bars are read from zero.
      yAxis: panels.map((panel, i) => ({ ...panelValueAxis(theme, i, panel.name), scale: false })),
      series: panels.flatMap((panel, i) =>
        panel.series.map((s) => ({
          type: 'bar' as const,
          name: s.name,
          xAxisIndex: i,
          yAxisIndex: i,
          data: s.values,
          itemStyle: { color: colour(s.name) },
        })),
      ),
    },
  };
}

/** Lines of one factor over the periods (the contrast report), one per station or compared period, against its unit's scale. */
export function lineOption(
  theme: ChartThemeName,
  title: string,
  /** The value axis's name: the factor's unit, or without one its name. */
  axisName: string,
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
    yAxis: {
      type: 'value' as const,
      scale: true,
      name: axisName,
      nameTextStyle: { color: CHART_COLORS[theme].secondaryText, align: 'left' as const },
      ...axis(theme),
    },
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
