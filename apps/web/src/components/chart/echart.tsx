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
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { CSSProperties } from 'react';
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

/**
 * An ECharts chart in the console's theme. The theme name re-creates the chart (echarts' own
 * 'dark' theme for the defaults the option does not set); updates are merged lazily, once a frame.
 */
export function EChart({ option, theme, style, onEvents, replaceMerge, ...rest }: EChartProps) {
  return (
    <div data-testid={rest['data-testid']}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        theme={theme === 'dark' ? 'dark' : undefined}
        replaceMerge={replaceMerge}
        lazyUpdate
        style={style}
        onEvents={onEvents}
      />
    </div>
  );
}
