import type { HistoryChart } from '@envmon/shared';
import type { LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import {
  baseChartOption,
  CHART_COLORS,
  type ChartThemeName,
  dataZoomOption,
} from '../../../components/chart/chart-theme';
import { factorLabel } from './history-form';

export type HistoryChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | DataZoomComponentOption
>;

/**
 * Value axes take turns left and right of the plot, each further out than the last of its side; units beyond
 * these share the scale of no labelled axis (their lines still draw, on axes of their own that are not shown).
 */
const LABELLED_AXES = 4;
/** The room one value axis takes beside the plot. */
const AXIS_WIDTH = 56;
/** Lines this short show their points (a single value would otherwise be invisible). */
const SYMBOL_LIMIT = 60;
const GRID = { top: 48, bottom: 72 } as const;

/** Where value axis `i` stands: its side, and how far out from the plot. */
function axisPlace(i: number): { position: 'left' | 'right'; offset: number } {
  return { position: i % 2 === 0 ? 'left' : 'right', offset: Math.floor(i / 2) * AXIS_WIDTH };
}

/** The legend name of a line: device and factor. */
export const lineName = (deviceName: string, factor: string) => `${deviceName} · ${factor}`;

/**
 * The history chart: a line per device × factor in the palette's order, one value axis per unit (the first
 * four labelled, two a side), a time axis and the spec's default data zoom. The points come downsampled by the server.
 */
export function buildHistoryChartOption(
  chart: HistoryChart,
  theme: ChartThemeName,
  lang: 'zh' | 'en',
): HistoryChartOption {
  const colors = CHART_COLORS[theme];
  const base = baseChartOption(theme);
  const factors = new Map(chart.factors.map((f) => [f.factorCode, f]));
  const unitOf = (code: string) => factors.get(code)?.unit ?? '';
  const units = chart.series.length > 0 ? [...new Set(chart.series.map((s) => unitOf(s.factorCode)))] : [''];
  const axis = { axisLine: { lineStyle: { color: colors.axisLine } }, axisLabel: { color: colors.secondaryText } };
  return {
    ...base,
    legend: { ...base.legend, top: 8 },
    grid: {
      ...GRID,
      // One axis width per labelled axis on each side (the first of a side needs one too).
      left: AXIS_WIDTH * Math.max(1, Math.ceil(Math.min(units.length, LABELLED_AXES) / 2)),
      right: AXIS_WIDTH * Math.max(1, Math.floor(Math.min(units.length, LABELLED_AXES) / 2)),
    },
    xAxis: { type: 'time', ...axis, splitLine: { show: false } },
    yAxis: units.map((unit, i) => ({
      type: 'value',
      show: i < LABELLED_AXES,
      name: unit,
      nameTextStyle: { color: colors.secondaryText },
      scale: true,
      ...axisPlace(i),
      ...axis,
      axisLine: { show: true, lineStyle: { color: colors.axisLine } },
      splitLine: { show: i === 0, lineStyle: { color: colors.splitLine } },
    })),
    dataZoom: dataZoomOption(theme),
    series: chart.series.map((s) => {
      const factor = factors.get(s.factorCode);
      return {
        id: `${s.deviceId}|${s.factorCode}`,
        type: 'line',
        name: lineName(s.deviceName, factor ? factorLabel(factor, lang) : s.factorCode),
        yAxisIndex: units.indexOf(unitOf(s.factorCode)),
        showSymbol: s.points.length <= SYMBOL_LIMIT,
        data: s.points,
      };
    }),
  };
}
