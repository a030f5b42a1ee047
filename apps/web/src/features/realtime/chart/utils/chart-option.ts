import {
  baseChartOption,
  type ChartThemeName,
  longestLine,
  openingZoom,
  type ZoomRange,
} from '../../../../components/chart/chart-theme';
import { stationClock } from '../../../../components/chart/station-clock';
import { groupByUnit, type PanelLineChartOption, unitPanels } from '../../../../components/chart/unit-panels';
import type { SeriesPoint } from './series';

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
  /** The height the screen offers the chart. */
  available: number;
  /** Where the user left the zoom; until then, where the chart opens (openingZoom). */
  zoom?: ZoomRange;
  /** The device's zone: the time axis and the tooltip read its clock (station-clock.ts). */
  utcOffsetMinutes?: number;
}

/** The option and the height the chart needs (more than offered when its units would crowd). */
export interface RealtimeChartView {
  option: PanelLineChartOption;
  height: number;
}

/** Lines this short show their points (a single value would otherwise be invisible). */
const SYMBOL_LIMIT = 60;
/** Room for the title and the legend above the panels. */
const TOP = 64;

/** The time the lines span: every panel's time axis shows all of it, so the panels line up. */
function timeRange(lines: readonly ChartLine[]): { min?: number; max?: number } {
  const times = lines.flatMap((line) => [line.points[0]?.[0], line.points.at(-1)?.[0]]);
  const known = times.filter((time): time is number => time !== undefined);
  return known.length === 0 ? {} : { min: Math.min(...known), max: Math.max(...known) };
}

/**
 * The real-time chart: a line per factor in the palette's order, a panel per unit with its own
 * labelled scale (unitPanels), the panels on one time axis, opening on the newest values.
 */
export function buildRealtimeChartOption({
  title,
  lines,
  theme,
  available,
  zoom,
  utcOffsetMinutes,
}: RealtimeChartInput): RealtimeChartView {
  const base = baseChartOption(theme);
  const units = groupByUnit(lines.map((line) => ({ unit: line.unit, measure: line.name })));
  const panels = unitPanels({
    theme,
    names: units.names,
    xAxis: { type: 'time', ...timeRange(lines) },
    top: TOP,
    available,
    zoom: zoom ?? openingZoom(longestLine(lines.map((line) => line.points))),
    clock: stationClock(utcOffsetMinutes === undefined ? [] : [utcOffsetMinutes]),
  });
  const { height, ...layout } = panels;
  return {
    height,
    option: {
      ...base,
      title: { ...base.title, text: title, left: 'center' },
      legend: { ...base.legend, top: 32 },
      ...layout,
      series: lines.map((line, i) => ({
        id: line.factorCode,
        type: 'line',
        name: line.name,
        xAxisIndex: units.panelOf[i],
        yAxisIndex: units.panelOf[i],
        showSymbol: line.points.length <= SYMBOL_LIMIT,
        // A long window draws as many points as there are pixels, not as many as there are values.
        sampling: 'lttb',
        data: line.points as SeriesPoint[] as [number, number | null][],
      })),
    },
  };
}
