import { CHART_PALETTE } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from '../../../components/chart/chart-theme';
import { buildSparklineOption } from './sparkline-option';

const points: [number, number][] = [
  [1000, 1],
  [2000, 3],
  [3000, 2],
];

describe('sparkline option', () => {
  it('draws a bare line in the palette and the theme, axes hidden', () => {
    const option = buildSparklineOption({ name: 'COD', points, theme: 'dark' });
    expect(option.color).toEqual([...CHART_PALETTE]);
    expect(option.darkMode).toBe(true);
    expect(option.xAxis).toMatchObject({ type: 'time', show: false });
    expect(option.yAxis).toMatchObject({ show: false, scale: true });
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'line', name: 'COD', data: points, showSymbol: false }),
    ]);
  });

  it('shows labelled axes and standards as dashed lines across the window when asked', () => {
    const option = buildSparklineOption({
      name: 'Level',
      points,
      theme: 'light',
      axes: true,
      guides: [{ name: 'Overflow', value: 2.5 }],
      guideColor: 'red',
    });
    expect(option.xAxis).toMatchObject({ show: true, axisLabel: { color: CHART_COLORS.light.secondaryText } });
    const series = option.series as { name: string; data: unknown; lineStyle: unknown }[];
    expect(series[1]).toMatchObject({
      name: 'Overflow',
      data: [
        [1000, 2.5],
        [3000, 2.5],
      ],
      lineStyle: { type: 'dashed', color: 'red' },
    });
  });

  it('shows a lone value as a point and draws no guide without a line', () => {
    const one = buildSparklineOption({ name: 'x', points: [[1, 1]], theme: 'light' });
    expect(one.series).toEqual([expect.objectContaining({ showSymbol: true })]);
    const none = buildSparklineOption({ name: 'x', points: [], theme: 'light', guides: [{ name: 'g', value: 1 }] });
    expect(none.series).toHaveLength(1);
  });
});
