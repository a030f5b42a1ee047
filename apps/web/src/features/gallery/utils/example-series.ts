import { ROSE_SECTORS } from '@envmon/shared';
import { baseChartOption, CHART_COLORS, type ChartThemeName } from '../../../components/chart/chart-theme';

/**
 * The gallery's example charts. Their values are not measurements: each is worked out from a
 * formula (sine waves over a day), so every chart type can show the palette and the theme with
 * the same numbers on every visit. The page says so.
 */

export const HOURS = 24;
/** One line, bar, radar series or pie slice per palette colour shown. */
export const EXAMPLE_SERIES = 3;
const RADAR_AXES = 6;
const PIE_SLICES = 8;
const ROUND = 10;

const round = (value: number) => Math.round(value * ROUND) / ROUND;

/** Series `index` at `step` of `period`: a wave around 50, each series shifted a third of a period. */
export function exampleValue(index: number, step: number, period: number): number {
  const phase = (2 * Math.PI * (step + (index * period) / EXAMPLE_SERIES)) / period;
  return round(50 + 30 * Math.sin(phase) + 10 * Math.sin(3 * phase));
}

export const hourLabels = () => Array.from({ length: HOURS }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

const seriesValues = (index: number, length: number) =>
  Array.from({ length }, (_, step) => exampleValue(index, step, length));

export interface ExampleLabels {
  /** The name of series i (0-based). */
  series: (index: number) => string;
  /** The name of radar axis or pie slice i (0-based). */
  part: (index: number) => string;
  gauge: string;
}

function axisStyle(theme: ChartThemeName) {
  const colors = CHART_COLORS[theme];
  return {
    axisLine: { lineStyle: { color: colors.axisLine } },
    axisLabel: { color: colors.secondaryText },
    splitLine: { lineStyle: { color: colors.splitLine } },
  };
}

const seriesIndexes = Array.from({ length: EXAMPLE_SERIES }, (_, i) => i);

/** The legend under the plot, below the axis labels. */
const LEGEND_BELOW = { bottom: 0 };

function cartesian(theme: ChartThemeName, labels: ExampleLabels, type: 'line' | 'bar') {
  const base = baseChartOption(theme);
  return {
    ...base,
    legend: { ...base.legend, ...LEGEND_BELOW },
    grid: { left: 40, right: 16, top: 16, bottom: 64 },
    xAxis: { type: 'category' as const, data: hourLabels(), ...axisStyle(theme) },
    yAxis: { type: 'value' as const, ...axisStyle(theme) },
    series: seriesIndexes.map((i) => ({
      type,
      name: labels.series(i),
      data: seriesValues(i, HOURS),
      ...(type === 'line' ? { smooth: true, showSymbol: false } : {}),
    })),
  };
}

export const lineOption = (theme: ChartThemeName, labels: ExampleLabels) => cartesian(theme, labels, 'line');
export const barOption = (theme: ChartThemeName, labels: ExampleLabels) => cartesian(theme, labels, 'bar');

export function radarOption(theme: ChartThemeName, labels: ExampleLabels) {
  const base = baseChartOption(theme);
  const colors = CHART_COLORS[theme];
  return {
    ...base,
    tooltip: { ...base.tooltip, trigger: 'item' as const },
    legend: { ...base.legend, ...LEGEND_BELOW },
    radar: {
      indicator: Array.from({ length: RADAR_AXES }, (_, i) => ({ name: labels.part(i), max: 100 })),
      axisName: { color: colors.secondaryText },
      axisLine: { lineStyle: { color: colors.axisLine } },
      splitLine: { lineStyle: { color: colors.splitLine } },
      splitArea: { show: false },
    },
    series: [
      {
        type: 'radar' as const,
        data: seriesIndexes.slice(0, 2).map((i) => ({ name: labels.series(i), value: seriesValues(i, RADAR_AXES) })),
      },
    ],
  };
}

/** Bars on a polar grid over the 16 wind sectors, N on top (the odour rose's layout). */
export function roseOption(theme: ChartThemeName, labels: ExampleLabels) {
  const base = baseChartOption(theme);
  return {
    ...base,
    tooltip: { ...base.tooltip, trigger: 'item' as const },
    legend: { ...base.legend, ...LEGEND_BELOW },
    polar: { center: ['50%', '46%'], radius: '64%' },
    angleAxis: {
      type: 'category' as const,
      data: [...ROSE_SECTORS],
      startAngle: 90 + 360 / (2 * ROSE_SECTORS.length),
      ...axisStyle(theme),
    },
    radiusAxis: { type: 'value' as const, min: 0, ...axisStyle(theme) },
    series: seriesIndexes.map((i) => ({
      type: 'bar' as const,
      coordinateSystem: 'polar' as const,
      stack: 'rose',
      name: labels.series(i),
      data: seriesValues(i, ROSE_SECTORS.length).map((value) => round(value / EXAMPLE_SERIES)),
    })),
  };
}

/** A share in per cent, as the wall's online and transmission gauges show theirs. */
export const GAUGE_VALUE = exampleValue(0, 2, HOURS);

export function gaugeOption(theme: ChartThemeName, labels: ExampleLabels) {
  const base = baseChartOption(theme);
  const colors = CHART_COLORS[theme];
  return {
    ...base,
    tooltip: { ...base.tooltip, trigger: 'item' as const },
    series: [
      {
        type: 'gauge' as const,
        min: 0,
        max: 100,
        progress: { show: true },
        axisLine: { lineStyle: { color: [[1, colors.splitLine]] as [number, string][] } },
        axisLabel: { color: colors.secondaryText },
        detail: { formatter: '{value} %', color: colors.text, fontSize: 20 },
        title: { color: colors.secondaryText },
        data: [{ value: GAUGE_VALUE, name: labels.gauge }],
      },
    ],
  };
}

export function pieOption(theme: ChartThemeName, labels: ExampleLabels) {
  const base = baseChartOption(theme);
  const colors = CHART_COLORS[theme];
  return {
    ...base,
    tooltip: { ...base.tooltip, trigger: 'item' as const },
    legend: { ...base.legend, ...LEGEND_BELOW },
    series: [
      {
        type: 'pie' as const,
        radius: ['35%', '65%'],
        label: { color: colors.secondaryText },
        data: Array.from({ length: PIE_SLICES }, (_, i) => ({
          name: labels.part(i),
          value: exampleValue(0, i, PIE_SLICES),
        })),
      },
    ],
  };
}
