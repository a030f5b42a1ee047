import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { baseChartOption, CHART_COLORS, type ChartThemeName } from '../../../../components/chart/chart-theme';
import { type StationClock, stationTimeAxis } from '../../../../components/chart/station-clock';

export type SparklineOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface SparklineGuide {
  /** Tooltip name of the guide (e.g. 'Overflow'). */
  name: string;
  value: number;
}

export interface SparklineInput {
  /** Series name in the tooltip (the factor's name). */
  name: string;
  points: readonly [number, number][];
  theme: ChartThemeName;
  /** Time and value axes with labels (a trend panel) instead of a bare line (a sparkline in a row). */
  axes?: boolean;
  /** Dashed horizontal lines across the window (standard values). */
  guides?: readonly SparklineGuide[];
  /** Colour of the guides. */
  guideColor?: string;
  /** The station's clock its time axis and tooltip read (station-clock.ts); without it, the browser's. */
  clock?: StationClock;
}

const BARE_GRID = { left: 2, right: 2, top: 4, bottom: 4 } as const;
const AXES_GRID = { left: 44, right: 12, top: 12, bottom: 24 } as const;

/**
 * A small trend line in the console's chart theme: the palette's first colour, no legend, an
 * axis tooltip; standards as dashed lines (drawn as flat series: the bundle has no markLine).
 */
export function buildSparklineOption({
  name,
  points,
  theme,
  axes = false,
  guides = [],
  guideColor,
  clock,
}: SparklineInput): SparklineOption {
  const colors = CHART_COLORS[theme];
  const { color, backgroundColor, darkMode, textStyle, tooltip } = baseChartOption(theme);
  const first = points[0]?.[0];
  const last = points.at(-1)?.[0];
  const axis = {
    show: axes,
    axisLine: { lineStyle: { color: colors.axisLine } },
    axisLabel: { color: colors.secondaryText, fontSize: 10 },
  };
  const stationTime = clock ? stationTimeAxis(clock, { min: first, max: last }) : undefined;
  return {
    color,
    backgroundColor,
    darkMode,
    textStyle,
    tooltip: { ...tooltip, confine: true },
    grid: axes ? AXES_GRID : BARE_GRID,
    xAxis: {
      type: 'time',
      ...axis,
      axisLabel: { ...axis.axisLabel, ...stationTime?.axisLabel },
      ...(stationTime ? { axisPointer: stationTime.axisPointer } : {}),
      splitLine: { show: false },
    },
    yAxis: { type: 'value', scale: true, ...axis, splitLine: { show: axes, lineStyle: { color: colors.splitLine } } },
    series: [
      {
        type: 'line',
        name,
        data: points as [number, number][],
        showSymbol: points.length === 1,
        lineStyle: { width: 1.5 },
        areaStyle: { opacity: 0.12 },
      },
      ...(first === undefined || last === undefined
        ? []
        : guides.map((guide): LineSeriesOption => ({
            type: 'line',
            name: guide.name,
            data: [
              [first, guide.value],
              [last, guide.value],
            ],
            showSymbol: false,
            silent: true,
            lineStyle: { type: 'dashed', width: 1, color: guideColor ?? colors.secondaryText },
            itemStyle: { color: guideColor ?? colors.secondaryText },
          }))),
    ],
  };
}
