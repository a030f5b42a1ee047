import { CHART_PALETTE } from '@envmon/shared';
import { describe, expect, it, vi } from 'vitest';
import { CHART_COLORS } from '../../../../components/chart/chart-theme';
import { stationClock } from '../../../../components/chart/station-clock';
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

  it("writes the trend's times on the station's clock when given one", () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(0);
    try {
      // A day of half-hour buckets ending 2026-11-25 21:00 UTC: 05:00 on a UTC+08:00 station.
      const at = Date.UTC(2026, 10, 25, 21, 0, 0);
      const option = buildSparklineOption({
        name: 'Level',
        points: [
          [at - 86_400_000, 1],
          [at, 2],
        ],
        theme: 'light',
        axes: true,
        clock: stationClock([480], 'minute'),
      });
      const axis = option.xAxis as {
        axisLabel: { formatter: (value: number) => string; color: string };
        axisPointer: { label: { formatter: (params: { value: number }) => string } };
      };
      expect(axis.axisLabel.formatter(at)).toBe('05:00');
      expect(axis.axisLabel.color).toBe(CHART_COLORS.light.secondaryText);
      expect(axis.axisPointer.label.formatter({ value: at })).toBe('2026-11-26 05:00 UTC+08:00');
    } finally {
      vi.restoreAllMocks();
    }
  });
});
