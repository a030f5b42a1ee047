import { CHART_PALETTE, DATA_ZOOM_DEFAULT } from '@envmon/shared';

/**
 * What every console chart shares: the 24-colour palette and the default data zoom of SPEC
 * section 9, and text, axis and tooltip colours matching antd's light and dark themes (the chart
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

export const DEFAULT_ZOOM: ZoomRange = { ...DATA_ZOOM_DEFAULT };

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

/** A slider under the chart and wheel/drag zoom inside it, both on the x axis, starting at `zoom`. */
export function dataZoomOption(theme: ChartThemeName, zoom: ZoomRange = DEFAULT_ZOOM) {
  const colors = CHART_COLORS[theme];
  return [
    { type: 'inside' as const, xAxisIndex: 0, start: zoom.start, end: zoom.end },
    {
      type: 'slider' as const,
      xAxisIndex: 0,
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
