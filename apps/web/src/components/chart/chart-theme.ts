import { CHART_PALETTE, DATA_ZOOM_DEFAULT } from '@envmon/shared';

/**
 * What every console chart shares: the 24-colour palette and the data zoom of SPEC section 9 (its
 * 10 % window opening at the newest end, see openingZoom), and text, axis and tooltip colours matching antd's light and dark themes (the chart
 * draws on a transparent background so the card behind it shows through).
 */
export type ChartThemeName = 'light' | 'dark';

export interface ChartColors {
  text: string;
  secondaryText: string;
  axisLine: string;
  splitLine: string;
  tooltipBackground: string;
  tooltipBorder: string;
  zoomFiller: string;
}

/** antd's colorText, colorTextSecondary, colorBorder, colorSplit and elevated background per theme. */
export const CHART_COLORS: Readonly<Record<ChartThemeName, ChartColors>> = {
  light: {
    text: 'rgba(0, 0, 0, 0.88)',
    secondaryText: 'rgba(0, 0, 0, 0.65)',
    axisLine: '#d9d9d9',
    splitLine: 'rgba(5, 5, 5, 0.06)',
    tooltipBackground: '#ffffff',
    tooltipBorder: '#d9d9d9',
    zoomFiller: 'rgba(22, 119, 255, 0.15)',
  },
  dark: {
    text: 'rgba(255, 255, 255, 0.85)',
    secondaryText: 'rgba(255, 255, 255, 0.65)',
    axisLine: '#424242',
    splitLine: 'rgba(253, 253, 253, 0.12)',
    tooltipBackground: '#1f1f1f',
    tooltipBorder: '#424242',
    zoomFiller: 'rgba(22, 119, 255, 0.3)',
  },
};

export interface ZoomRange {
  start: number;
  end: number;
}

/** The whole range of the data. */
export const WHOLE_RANGE: ZoomRange = { start: 0, end: 100 };

/**
 * How many values the longest line may hold and still be read whole: about one a pixel of a plot
 * a screen wide. A longer line opens zoomed in.
 */
export const READABLE_POINTS = 1_000;

/**
 * Where a chart opens (the one rule of every chart with a data zoom): on all of its data when the
 * longest line is readable whole, otherwise on the newest tenth. SPEC's 'data zoom 0 to 10 %' was
 * written for charts whose newest values come first; ours run oldest to newest, so its tenth is
 * taken at the newest end — a chart never opens on its oldest values.
 */
export function openingZoom(longestLine: number): ZoomRange {
  if (longestLine <= READABLE_POINTS) return { ...WHOLE_RANGE };
  const width = DATA_ZOOM_DEFAULT.end - DATA_ZOOM_DEFAULT.start;
  return { start: WHOLE_RANGE.end - width, end: WHOLE_RANGE.end };
}

/** The length of the longest of some lines. */
export const longestLine = (lines: readonly { length: number }[]) =>
  lines.reduce((longest, line) => Math.max(longest, line.length), 0);

/** The palette, the theme's colours and the shared look of title, legend, tooltip and data zoom. */
export function baseChartOption(theme: ChartThemeName) {
  const colors = CHART_COLORS[theme];
  return {
    color: [...CHART_PALETTE],
    backgroundColor: 'transparent',
    darkMode: theme === 'dark',
    textStyle: { color: colors.text },
    title: { textStyle: { color: colors.text, fontSize: 14 } },
    legend: { type: 'scroll' as const, textStyle: { color: colors.secondaryText } },
    tooltip: {
      trigger: 'axis' as const,
      backgroundColor: colors.tooltipBackground,
      borderColor: colors.tooltipBorder,
      textStyle: { color: colors.text },
    },
  };
}

/**
 * A slider under the chart and wheel/drag zoom inside it, starting at `zoom` and moving the x axes
 * given together (the axes of stacked panels).
 */
export function dataZoomOption(theme: ChartThemeName, zoom: ZoomRange, xAxisIndex: number[] = [0]) {
  const colors = CHART_COLORS[theme];
  return [
    { type: 'inside' as const, id: 'inside', xAxisIndex, start: zoom.start, end: zoom.end },
    {
      type: 'slider' as const,
      id: 'slider',
      xAxisIndex,
      start: zoom.start,
      end: zoom.end,
      textStyle: { color: colors.secondaryText },
      borderColor: colors.axisLine,
      fillerColor: colors.zoomFiller,
    },
  ];
}

/** The zoom range a 'datazoom' event reports: the slider gives start/end, wheel and drag a batch of them. */
export function zoomFromEvent(params: unknown): ZoomRange | null {
  const event = params as { start?: unknown; end?: unknown; batch?: { start?: unknown; end?: unknown }[] };
  const range = event.batch?.[0] ?? event;
  return typeof range.start === 'number' && typeof range.end === 'number'
    ? { start: range.start, end: range.end }
    : null;
}
