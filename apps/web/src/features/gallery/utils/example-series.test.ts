import { CHART_PALETTE } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from '../../../components/chart/chart-theme';
import {
  barOption,
  EXAMPLE_SERIES,
  exampleValue,
  gaugeOption,
  HOURS,
  lineOption,
  pieOption,
  radarOption,
  roseOption,
} from './example-series';

const labels = { series: (i: number) => `S${i + 1}`, part: (i: number) => `P${i + 1}`, gauge: 'G' };

describe('the example series', () => {
  it('are the same on every call, stay within 0–100 and differ between series', () => {
    const values = Array.from({ length: HOURS }, (_, hour) => exampleValue(0, hour, HOURS));
    expect(values).toEqual(Array.from({ length: HOURS }, (_, hour) => exampleValue(0, hour, HOURS)));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThanOrEqual(100);
    expect(exampleValue(1, 0, HOURS)).not.toBe(exampleValue(0, 0, HOURS));
  });
});

describe('the example charts', () => {
  it.each([
    ['line', lineOption],
    ['bar', barOption],
  ] as const)('%s: one series per example, over the day, in the palette', (type, build) => {
    const option = build('light', labels);
    expect(option.color).toEqual([...CHART_PALETTE]);
    expect(option.series).toHaveLength(EXAMPLE_SERIES);
    expect(option.series.every((series) => series.type === type && series.data.length === HOURS)).toBe(true);
    expect(option.series.map((series) => series.name)).toEqual(['S1', 'S2', 'S3']);
  });

  it('follows the theme: text and axes in its colours', () => {
    for (const theme of ['light', 'dark'] as const) {
      const option = lineOption(theme, labels);
      expect(option.textStyle.color).toBe(CHART_COLORS[theme].text);
      expect(option.xAxis.axisLabel.color).toBe(CHART_COLORS[theme].secondaryText);
      expect(pieOption(theme, labels).series[0]?.label.color).toBe(CHART_COLORS[theme].secondaryText);
    }
  });

  it('draws radar, rose, gauge and pie with their own series types', () => {
    expect(radarOption('dark', labels).series[0]?.type).toBe('radar');
    const rose = roseOption('dark', labels);
    expect(rose.angleAxis.data[0]).toBe('N');
    expect(rose.series.every((series) => series.coordinateSystem === 'polar')).toBe(true);
    const gauge = gaugeOption('light', labels).series[0];
    expect(gauge?.type).toBe('gauge');
    expect(gauge?.data[0]?.value).toBeGreaterThanOrEqual(0);
    expect(gauge?.data[0]?.value).toBeLessThanOrEqual(100);
    expect(pieOption('light', labels).series[0]?.data.map((slice) => slice.name)).toContain('P1');
  });
});
