import { CHART_PALETTE, type HistoryChart } from '@envmon/shared';
import { describe, expect, it, vi } from 'vitest';
import { CHART_COLORS } from '../../../../components/chart/chart-theme';
import { MIN_PANEL_HEIGHT } from '../../../../components/chart/unit-panels';
import { buildHistoryChartOption } from './history-chart-option';

const CHART: HistoryChart = {
  timeUnit: 'hour',
  maxPoints: 2000,
  factors: [
    { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 },
    { factorCode: 'w01001', factorName: 'pH值', factorNameEn: 'pH', unit: null, decimals: 2 },
  ],
  series: [
    {
      deviceId: 1,
      deviceName: 'A',
      deviceCode: 'MN-A',
      factorCode: 'w01018',
      total: 2,
      points: [
        [0, 1],
        [1, 2],
      ],
    },
    { deviceId: 1, deviceName: 'A', deviceCode: 'MN-A', factorCode: 'w01001', total: 1, points: [[0, 7]] },
    { deviceId: 2, deviceName: 'B', deviceCode: 'MN-B', factorCode: 'w01018', total: 1, points: [[0, null]] },
  ],
};

const build = (chart: HistoryChart, theme: 'light' | 'dark' = 'light', lang: 'zh' | 'en' = 'en') =>
  buildHistoryChartOption(chart, theme, lang, 360).option;

/** A chart of one line of `count` hourly values. */
const hours = (count: number): HistoryChart => ({
  ...CHART,
  series: [
    {
      deviceId: 1,
      deviceName: 'A',
      deviceCode: 'MN-A',
      factorCode: 'w01018',
      total: count,
      points: Array.from({ length: count }, (_, i): [number, number] => [i * 3_600_000, i]),
    },
  ],
});

describe('buildHistoryChartOption', () => {
  it('draws a line per device × factor in a panel per unit, in the theme', () => {
    const option = build(CHART, 'dark');
    const series = option.series as {
      id: string;
      name: string;
      xAxisIndex: number;
      yAxisIndex: number;
      data: unknown;
    }[];
    expect(series.map((s) => [s.id, s.name, s.xAxisIndex, s.yAxisIndex])).toEqual([
      ['1|w01018', 'A · COD', 0, 0],
      ['1|w01001', 'A · pH', 1, 1],
      ['2|w01018', 'B · COD', 0, 0],
    ]);
    expect(series[2]?.data).toEqual([[0, null]]);
    // pH has no unit: its panel is named by the factor.
    expect((option.yAxis as { name: string }[]).map((a) => a.name)).toEqual(['mg/L', 'pH']);
    expect(option.color).toEqual([...CHART_PALETTE]);
    expect(option.textStyle).toEqual({ color: CHART_COLORS.dark.text });
  });

  it('opens on the whole queried range when it is readable, else on its newest tenth', () => {
    expect(build(CHART).dataZoom).toMatchObject([
      { start: 0, end: 100, xAxisIndex: [0, 1] },
      { start: 0, end: 100, xAxisIndex: [0, 1] },
    ]);
    expect(build(hours(24 * 7)).dataZoom).toMatchObject([
      { start: 0, end: 100 },
      { start: 0, end: 100 },
    ]);
    expect(build(hours(2000)).dataZoom).toMatchObject([
      { start: 90, end: 100 },
      { start: 90, end: 100 },
    ]);
  });

  it('labels the scale of every unit, however many, each in a panel of its own', () => {
    const units = ['mg/L', 'NTU', '℃', 'm³/h', 'μS/cm'];
    const chart: HistoryChart = {
      ...CHART,
      factors: units.map((unit, i) => ({
        factorCode: `f${i}`,
        factorName: `F${i}`,
        factorNameEn: `F${i}`,
        unit,
        decimals: 1,
      })),
      series: units.map((_, i) => ({
        deviceId: 1,
        deviceName: 'A',
        deviceCode: 'MN-A',
        factorCode: `f${i}`,
        total: 1,
        points: [[i * 1000, i]],
      })),
    };
    const view = buildHistoryChartOption(chart, 'light', 'en', 360);
    const axes = view.option.yAxis as {
      name: string;
      show?: boolean;
      gridIndex: number;
      axisLabel: { show: boolean };
    }[];
    expect(axes.map((a) => [a.name, a.gridIndex, a.show !== false && a.axisLabel.show])).toEqual(
      units.map((unit, i) => [unit, i, true]),
    );
    const grids = view.option.grid as { height: number }[];
    expect(grids).toHaveLength(5);
    expect(grids.every((g) => g.height >= MIN_PANEL_HEIGHT)).toBe(true);
    expect(view.height).toBeGreaterThan(5 * MIN_PANEL_HEIGHT);
    // Every panel's time axis spans all the lines' times, so the panels line up.
    const spans = (view.option.xAxis as { min: number; max: number }[]).map((axis) => [axis.min, axis.max]);
    expect(spans).toEqual(units.map(() => [0, 4000]));
  });

  it('names lines in Chinese and keeps a panel when there is nothing to draw', () => {
    expect((build(CHART, 'light', 'zh').series as { name: string }[])[0]?.name).toBe('A · 化学需氧量');
    const empty = build({ ...CHART, series: [] }, 'light', 'zh');
    expect(empty.yAxis).toHaveLength(1);
    expect(empty.grid).toHaveLength(1);
  });

  it("writes its times on the stations' clock, naming the first station's zone when the stations' zones differ", () => {
    // The browser on Beijing time: one zone of UTC+08:00 stations needs no naming, a second zone does.
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-480);
    try {
      // 2026-11-25 21:00 UTC: an hour's period starting at 05:00 on a UTC+08:00 station's clock.
      const at = Date.UTC(2026, 10, 25, 21, 0, 0);
      const day: HistoryChart = {
        ...CHART,
        series: CHART.series.map((s) => ({
          ...s,
          points: [[at - 23 * 3_600_000, 1] as [number, number], [at, 2] as [number, number]],
        })),
      };
      const axisOf = (option: ReturnType<typeof build>) =>
        (
          option.xAxis as {
            axisLabel: { formatter: (value: number) => string };
            axisPointer: { label: { formatter: (params: { value: number }) => string } };
          }[]
        )[0];
      const same = axisOf(
        buildHistoryChartOption(
          day,
          'light',
          'en',
          360,
          new Map([
            [1, 480],
            [2, 480],
          ]),
        ).option,
      );
      expect(same?.axisLabel.formatter(at)).toBe('05:00');
      // Hourly values: the time under the pointer to the minute, as the table writes it.
      expect(same?.axisPointer.label.formatter({ value: at })).toBe('2026-11-26 05:00');
      const mixed = axisOf(
        buildHistoryChartOption(
          day,
          'light',
          'en',
          360,
          new Map([
            [1, 480],
            [2, 0],
          ]),
        ).option,
      );
      expect(mixed?.axisPointer.label.formatter({ value: at })).toBe('2026-11-26 05:00 UTC+08:00');
    } finally {
      vi.restoreAllMocks();
    }
  });
});
