import type { XAXisComponentOption, YAXisComponentOption } from 'echarts';
import type { LineSeriesOption } from 'echarts/charts';
import type {
  AxisPointerComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { CHART_COLORS, type ChartThemeName, dataZoomOption, type ZoomRange } from './chart-theme';
import { type StationClock, stationTimeAxis } from './station-clock';

/**
 * The one rule of every line chart that draws several factors: a panel per unit, stacked top to
 * bottom, each with its own value axis named by its unit — so every line is read against a labelled
 * scale of its own, at any number of units (pH does not flatten mg/L, nor µS/cm a temperature, and
 * no line hides on an axis that is not shown). The panels share one time (or period) axis: one data
 * zoom moves them all and the pointer follows the mouse in every panel.
 */

/** The option of a line chart drawn in unit panels: its lines, legend, tooltip, zoom and shared pointer (a title where the chart names itself). */
export type PanelLineChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
  | TitleComponentOption
  | AxisPointerComponentOption
>;

/** A line to place: its unit, and what it measures (the name of a panel of lines without a unit). */
export interface PanelLine {
  unit: string | null;
  measure: string;
}

export interface UnitGrouping {
  /** The axis name of each panel, top to bottom: the unit, or what its unitless lines measure. */
  names: string[];
  /** The panel of each line, in the order given. */
  panelOf: number[];
}

/** Lines grouped by unit in the order the units first appear; an empty chart keeps one (unnamed) panel. */
export function groupByUnit(lines: readonly PanelLine[]): UnitGrouping {
  const units: string[] = [];
  const unitless: string[] = [];
  const panelOf = lines.map((line) => {
    const unit = line.unit ?? '';
    if (unit === '' && !unitless.includes(line.measure)) unitless.push(line.measure);
    if (!units.includes(unit)) units.push(unit);
    return units.indexOf(unit);
  });
  return {
    names: units.length === 0 ? [''] : units.map((unit) => (unit === '' ? unitless.join(' / ') : unit)),
    panelOf,
  };
}

/** Items (factors) in groups by unit, each group named as its panel's axis (groupByUnit), in the order units first appear. */
export function itemsByUnit<T>(items: readonly T[], line: (item: T) => PanelLine): { name: string; items: T[] }[] {
  const { names, panelOf } = groupByUnit(items.map(line));
  return names.map((name, panel) => ({ name, items: items.filter((_, i) => panelOf[i] === panel) }));
}

/** Components replaced, not merged, when the option changes: a unit that leaves the chart takes its panel along. */
export const PANEL_REPLACE_MERGE = ['series', 'grid', 'xAxis', 'yAxis', 'dataZoom'];

/** The lowest a panel may be and still show a scale of three labelled steps. */
export const MIN_PANEL_HEIGHT = 120;
/** Room above a panel for its axis name. */
const NAME_ROOM = 24;
/** Space between one panel's bottom and the next one's name. */
const SPACING = 8;
/** Room under the last panel for its time labels and the zoom slider. */
const BOTTOM = 72;
const LEFT = 64;
const RIGHT = 32;

export interface PanelsInput {
  theme: ChartThemeName;
  /** The axis name of each panel, top to bottom (groupByUnit's names). */
  names: readonly string[];
  /** The x axis every panel has: its type, categories or time range. */
  xAxis: XAXisComponentOption;
  /** Room above the first panel: title, legend. */
  top: number;
  /** The height the screen offers; the chart grows beyond it rather than a panel getting too low to read. */
  available: number;
  zoom: ZoomRange;
  /** The station's clock a time x axis is written in (station-clock.ts); without it, ECharts' (the browser's). */
  clock?: StationClock;
}

export interface Panels {
  /** The height the chart needs. */
  height: number;
  grid: GridComponentOption[];
  xAxis: XAXisComponentOption[];
  yAxis: YAXisComponentOption[];
  dataZoom: DataZoomComponentOption[];
  axisPointer: AxisPointerComponentOption;
}

export interface PanelLayout {
  /** The height the chart needs. */
  height: number;
  /** A grid per panel, top to bottom. */
  grid: GridComponentOption[];
}

/**
 * `count` panels stacked under `top`, sharing the height offered — or more: the chart grows rather
 * than a panel getting too low to read (MIN_PANEL_HEIGHT). Each panel leaves room above for its axis name.
 */
export function panelLayout(count: number, top: number, available: number): PanelLayout {
  const panels = Math.max(1, count);
  const fixed = top + BOTTOM + panels * NAME_ROOM + (panels - 1) * SPACING;
  const panelHeight = Math.max(MIN_PANEL_HEIGHT, Math.floor((available - fixed) / panels));
  return {
    height: fixed + panels * panelHeight,
    grid: Array.from({ length: panels }, (_, i) => ({
      id: `panel-${i}`,
      left: LEFT,
      right: RIGHT,
      top: top + NAME_ROOM + i * (NAME_ROOM + panelHeight + SPACING),
      height: panelHeight,
    })),
  };
}

/** The value axis of panel `i`, named by its unit (or what its unitless lines measure), in the theme. */
export function panelValueAxis(theme: ChartThemeName, i: number, name: string): YAXisComponentOption {
  const colors = CHART_COLORS[theme];
  return {
    id: `panel-${i}`,
    type: 'value',
    gridIndex: i,
    name,
    nameLocation: 'end',
    nameGap: 10,
    // The name starts over the axis and runs into the panel, however long a unitless panel's list of factors.
    nameTextStyle: { color: colors.secondaryText, align: 'left' },
    scale: true,
    splitNumber: 3,
    axisLine: { show: true, lineStyle: { color: colors.axisLine } },
    axisLabel: { show: true, color: colors.secondaryText, hideOverlap: true },
    splitLine: { show: true, lineStyle: { color: colors.splitLine } },
  };
}

/** The panels of `names`, sharing the height offered (or more), their axes in the theme, and one zoom for all. */
export function unitPanels({ theme, names, xAxis, top, available, zoom, clock }: PanelsInput): Panels {
  const colors = CHART_COLORS[theme];
  const { height, grid } = panelLayout(names.length, top, available);
  const indexes = grid.map((_, i) => i);
  const last = indexes.length - 1;
  const line = { lineStyle: { color: colors.axisLine } };
  const stationTime = clock && xAxis.type === 'time' ? stationTimeAxis(clock, xAxis) : undefined;
  return {
    height,
    grid,
    xAxis: indexes.map((i) => ({
      ...xAxis,
      id: `panel-${i}`,
      gridIndex: i,
      axisLine: line,
      // The time is written once, under the last panel; the others keep their ticks' lines.
      axisTick: { show: i === last },
      axisLabel: { show: i === last, color: colors.secondaryText, hideOverlap: true, ...stationTime?.axisLabel },
      ...(stationTime ? { axisPointer: stationTime.axisPointer } : {}),
      splitLine: { show: false },
    })),
    yAxis: indexes.map((i) => panelValueAxis(theme, i, names[i] ?? '')),
    dataZoom: dataZoomOption(theme, zoom, indexes),
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
  };
}
