import { HISTORY_TIME_PRECISION, type HistoryChart } from '@envmon/shared';
import {
  baseChartOption,
  type ChartThemeName,
  longestLine,
  openingZoom,
} from '../../../../components/chart/chart-theme';
import { stationClock } from '../../../../components/chart/station-clock';
import { groupByUnit, type PanelLineChartOption, unitPanels } from '../../../../components/chart/unit-panels';
import { factorLabel } from './history-form';

/** The option and the height the chart needs (more than offered when its units would crowd). */
export interface HistoryChartView {
  option: PanelLineChartOption;
  height: number;
}

/** Lines this short show their points (a single value would otherwise be invisible). */
const SYMBOL_LIMIT = 60;
/** Room for the legend above the panels. */
const TOP = 32;

/** The legend name of a line: device and factor. */
export const lineName = (deviceName: string, factor: string) => `${deviceName} · ${factor}`;

/** The time the lines span: every panel's time axis shows all of it, so the panels line up. */
function timeRange(chart: HistoryChart): { min?: number; max?: number } {
  const times = chart.series.flatMap((s) => [s.points[0]?.[0], s.points.at(-1)?.[0]]);
  const known = times.filter((time): time is number => time !== undefined);
  return known.length === 0 ? {} : { min: Math.min(...known), max: Math.max(...known) };
}

/**
 * The history chart: a line per device × factor in the palette's order, a panel per unit with its own
 * labelled scale (unitPanels) on one time axis, opening on the whole queried range when it is readable
 * (openingZoom), its times on the stations' clock (`utcOffsets`: each device's zone by id; the first
 * line's station's when they differ, see station-clock.ts). The points come downsampled by the server.
 */
export function buildHistoryChartOption(
  chart: HistoryChart,
  theme: ChartThemeName,
  lang: 'zh' | 'en',
  available: number,
  utcOffsets: ReadonlyMap<number, number> = new Map(),
): HistoryChartView {
  const base = baseChartOption(theme);
  const factors = new Map(chart.factors.map((f) => [f.factorCode, f]));
  const factorName = (code: string) => {
    const factor = factors.get(code);
    return factor ? factorLabel(factor, lang) : code;
  };
  const units = groupByUnit(
    chart.series.map((s) => ({ unit: factors.get(s.factorCode)?.unit ?? null, measure: factorName(s.factorCode) })),
  );
  const { height, ...layout } = unitPanels({
    theme,
    names: units.names,
    xAxis: { type: 'time', ...timeRange(chart) },
    top: TOP,
    available,
    zoom: openingZoom(longestLine(chart.series.map((s) => s.points))),
    clock: stationClock(
      chart.series.flatMap((s) => utcOffsets.get(s.deviceId) ?? []),
      HISTORY_TIME_PRECISION[chart.timeUnit],
    ),
  });
  return {
    height,
    option: {
      ...base,
      legend: { ...base.legend, top: 0 },
      ...layout,
      series: chart.series.map((s, i) => ({
        id: `${s.deviceId}|${s.factorCode}`,
        type: 'line',
        name: lineName(s.deviceName, factorName(s.factorCode)),
        xAxisIndex: units.panelOf[i],
        yAxisIndex: units.panelOf[i],
        showSymbol: s.points.length <= SYMBOL_LIMIT,
        data: s.points,
      })),
    },
  };
}
