/**
 * What a drawn chart shows, read from the chart's own option after it rendered (echarts fills each data
 * zoom's startValue/endValue there): the data's extent on the x axis, the window each zoom shows, the
 * value axes and the axis of each series. The EChart wrapper writes it on its element (data-chart-state)
 * so the browser tests can check a chart opens on its newest values and every line has a labelled scale
 * — a canvas has no text to read. Small by design: no values, only ranges and names.
 */
export interface ChartState {
  /** Oldest and newest x of the data (times, or category indexes); null without data. */
  data: [number, number] | null;
  /** Each data zoom: the x axes it moves and the x window it shows. */
  zoom: { xAxes: number[]; window: [number, number] }[];
  xAxes: number;
  /** Each value axis: its name and whether it is drawn with its labels. */
  yAxes: { name: string; labelled: boolean }[];
  series: { name: string; yAxis: number }[];
}

interface AxisOption {
  show?: boolean;
  name?: string;
  data?: unknown[];
  axisLabel?: { show?: boolean };
}

interface SeriesOption {
  name?: string;
  yAxisIndex?: number;
  data?: unknown[];
}

interface ZoomOption {
  xAxisIndex?: number | number[];
  startValue?: unknown;
  endValue?: unknown;
}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The x of a data item: the first of a [x, y] pair on a time or value axis. */
function xOf(item: unknown): number | null {
  const x = Array.isArray(item) ? (item as unknown[])[0] : null;
  return typeof x === 'number' ? x : null;
}

function dataExtent(xAxis: AxisOption | undefined, series: SeriesOption[]): [number, number] | null {
  if (xAxis?.data) return xAxis.data.length === 0 ? null : [0, xAxis.data.length - 1];
  const xs = series.flatMap((s) => (s.data ?? []).map(xOf)).filter((x): x is number => x !== null);
  return xs.length === 0 ? null : [Math.min(...xs), Math.max(...xs)];
}

/** The state of a chart from its option as echarts answers getOption() (components always as lists). */
export function chartState(option: Record<string, unknown>): ChartState {
  const xAxes = list(option.xAxis as AxisOption | AxisOption[] | undefined);
  const yAxes = list(option.yAxis as AxisOption | AxisOption[] | undefined);
  const series = list(option.series as SeriesOption | SeriesOption[] | undefined);
  const zooms = list(option.dataZoom as ZoomOption | ZoomOption[] | undefined);
  return {
    data: dataExtent(xAxes[0], series),
    zoom: zooms.flatMap((zoom) =>
      typeof zoom.startValue === 'number' && typeof zoom.endValue === 'number'
        ? [{ xAxes: list(zoom.xAxisIndex), window: [zoom.startValue, zoom.endValue] as [number, number] }]
        : [],
    ),
    xAxes: xAxes.length,
    yAxes: yAxes.map((axis) => ({
      name: axis.name ?? '',
      labelled: axis.show !== false && axis.axisLabel?.show !== false && (axis.name ?? '').trim() !== '',
    })),
    series: series.map((s) => ({ name: s.name ?? '', yAxis: s.yAxisIndex ?? 0 })),
  };
}
