import type { XAXisComponentOption, YAXisComponentOption } from 'echarts';
import type { AxisPointerComponentOption, DataZoomComponentOption, GridComponentOption } from 'echarts/components';
import { CHART_COLORS, type ChartThemeName, dataZoomOption, type ZoomRange } from './chart-theme';
import { type StationClock, stationTimeAxis } from './station-clock';

/**
 * The one rule of every line chart that draws several factors: a panel per unit, stacked top to
 * bottom, each with its own value axis named by its unit — so every line is read against a labelled
 * scale of its own, at any number of units (pH does not flatten mg/L, nor µS/cm a temperature, and
 * no line hides on an axis that is not shown). The panels share one time (or period) axis: one data
 * zoom moves them all and the pointer follows the mouse in every panel.
 */

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

/** The panels of `names`, sharing the height offered (or more), their axes in the theme, and one zoom for all. */
export function unitPanels({ theme, names, xAxis, top, available, zoom, clock }: PanelsInput): Panels {
  const colors = CHART_COLORS[theme];
  const count = Math.max(1, names.length);
  const fixed = top + BOTTOM + count * NAME_ROOM + (count - 1) * SPACING;
  const panelHeight = Math.max(MIN_PANEL_HEIGHT, Math.floor((available - fixed) / count));
  const panelTop = (i: number) => top + NAME_ROOM + i * (NAME_ROOM + panelHeight + SPACING);
  const indexes = Array.from({ length: count }, (_, i) => i);
  const last = count - 1;
  const line = { lineStyle: { color: colors.axisLine } };
  const stationTime = clock && xAxis.type === 'time' ? stationTimeAxis(clock, xAxis) : undefined;
  return {
    height: fixed + count * panelHeight,
    grid: indexes.map((i) => ({ id: `panel-${i}`, left: LEFT, right: RIGHT, top: panelTop(i), height: panelHeight })),
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
    yAxis: indexes.map((i) => ({
      id: `panel-${i}`,
      type: 'value',
      gridIndex: i,
      name: names[i] ?? '',
      nameLocation: 'end',
      nameGap: 10,
      // The name starts over the axis and runs into the panel, however long a unitless panel's list of factors.
      nameTextStyle: { color: colors.secondaryText, align: 'left' },
      scale: true,
      splitNumber: 3,
      axisLine: { show: true, ...line },
      axisLabel: { show: true, color: colors.secondaryText, hideOverlap: true },
      splitLine: { show: true, lineStyle: { color: colors.splitLine } },
    })),
    dataZoom: dataZoomOption(theme, zoom, indexes),
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
  };
}
