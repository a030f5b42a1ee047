import { BarChart, LineChart, RadarChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  PolarComponent,
  RadarComponent,
  TitleComponent,
  TooltipComponent,
  AxisPointerComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { usePrefersReducedMotion } from '../../lib/reduced-motion';
import { chartState } from './chart-state';
import type { ChartThemeName } from './chart-theme';

// Only the parts the console's charts use are bundled (DESIGN.md: tree-shaken echarts/core).
echarts.use([
  LineChart,
  BarChart,
  RadarChart,
  GridComponent,
  PolarComponent,
  RadarComponent,
  MarkLineComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  TitleComponent,
  AxisPointerComponent,
  CanvasRenderer,
]);

export type ChartEvents = Record<string, (params: unknown) => void>;

export interface EChartProps {
  option: object;
  theme: ChartThemeName;
  style?: CSSProperties;
  onEvents?: ChartEvents;
  /** Components replaced rather than merged on update (e.g. series, so a removed line leaves the chart). */
  replaceMerge?: string[];
  'data-testid'?: string;
}

/** A live chart finishes many frames a second; its state is written once it has been still this long. */
const STATE_DELAY_MS = 200;

/**
 * An ECharts chart in the console's theme. The theme name re-creates the chart (echarts' own
 * 'dark' theme for the defaults the option does not set); updates are merged lazily, once a frame.
 * After drawing, the chart's state (chart-state.ts: zoom window, value axes) is written on the
 * wrapper as data-chart-state, for the browser tests to read what a canvas does not show as text.
 * When the user asks the system for less motion, the chart draws without animation.
 */
export function EChart({ option, theme, style, onEvents, replaceMerge, ...rest }: EChartProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const drawn = useMemo(() => (reducedMotion ? { ...option, animation: false } : option), [option, reducedMotion]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const events = useMemo(
    () => ({
      ...onEvents,
      finished: (_params: unknown, instance?: unknown) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          const chart = instance as echarts.EChartsType | undefined;
          if (!chart || chart.isDisposed() || !wrapper.current) return;
          wrapper.current.dataset.chartState = JSON.stringify(chartState(chart.getOption()));
        }, STATE_DELAY_MS);
      },
    }),
    [onEvents],
  );
  return (
    <div ref={wrapper} data-testid={rest['data-testid']}>
      <ReactEChartsCore
        echarts={echarts}
        option={drawn}
        theme={theme === 'dark' ? 'dark' : undefined}
        replaceMerge={replaceMerge}
        lazyUpdate
        style={style}
        onEvents={events}
      />
    </div>
  );
}
