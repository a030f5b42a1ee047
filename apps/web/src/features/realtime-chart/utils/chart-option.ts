import type { LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import {
  baseChartOption,
  CHART_COLORS,
  type ChartThemeName,
  dataZoomOption,
  DEFAULT_ZOOM,
  type ZoomRange,
} from '../../../components/chart/chart-theme';
import type { SeriesPoint } from './series';

export type RealtimeChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
  | TitleComponentOption
>;

export interface ChartLine {
  factorCode: string;
  /** Legend name (the factor's name in the console's language). */
  name: string;
  unit: string | null;
  points: readonly SeriesPoint[];
}

export interface RealtimeChartInput {
  title: string;
  lines: readonly ChartLine[];
  theme: ChartThemeName;
  /** Where the user left the zoom; the spec's 0–10 % at first. */
  zoom?: ZoomRange;
}

/** Units beyond these get hidden axes: a third labelled axis would crowd the plot. */
const LABELLED_AXES = 2;
/** Lines this short show their points (a single value would otherwise be invisible). */
const SYMBOL_LIMIT = 60;
const GRID = { left: 56, right: 56, top: 84, bottom: 72 } as const;

/**
 * The real-time chart: a line per factor in the palette's order, one value axis per unit so pH
 * and mg/L do not flatten each other (the first two units labelled, left and right; further
 * units scale their lines on hidden axes — the tooltip gives every value with its unit), a time
 * axis, and the data zoom at the spec's default until the user moves it.
 */
export function buildRealtimeChartOption({
  title,
  lines,
  theme,
  zoom = DEFAULT_ZOOM,
}: RealtimeChartInput): RealtimeChartOption {
  const colors = CHART_COLORS[theme];
  const base = baseChartOption(theme);
  // An empty chart still needs a value axis for its grid.
  const units = lines.length > 0 ? [...new Set(lines.map((line) => line.unit ?? ''))] : [''];
  const axis = { axisLine: { lineStyle: { color: colors.axisLine } }, axisLabel: { color: colors.secondaryText } };
  return {
    ...base,
    title: { ...base.title, text: title, left: 'center' },
    legend: { ...base.legend, top: 32 },
    grid: GRID,
    xAxis: { type: 'time', ...axis, splitLine: { show: false } },
    yAxis: units.map((unit, i) => ({
      type: 'value',
      show: i < LABELLED_AXES,
      name: unit,
      nameTextStyle: { color: colors.secondaryText },
      scale: true,
      position: i === 0 ? 'left' : 'right',
      ...axis,
      axisLine: { show: true, lineStyle: { color: colors.axisLine } },
      splitLine: { show: i === 0, lineStyle: { color: colors.splitLine } },
    })),
    dataZoom: dataZoomOption(theme, zoom),
    series: lines.map((line) => ({
      id: line.factorCode,
      type: 'line',
      name: line.name,
      yAxisIndex: units.indexOf(line.unit ?? ''),
      showSymbol: line.points.length <= SYMBOL_LIMIT,
      // A long window draws as many points as there are pixels, not as many as there are values.
      sampling: 'lttb',
      data: line.points as SeriesPoint[] as [number, number | null][],
    })),
  };
}
