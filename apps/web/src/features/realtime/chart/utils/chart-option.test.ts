import { CHART_PALETTE } from '@envmon/shared';
import { describe, expect, it, vi } from 'vitest';
import { CHART_COLORS } from '../../../../components/chart/chart-theme';
import { MIN_PANEL_HEIGHT } from '../../../../components/chart/unit-panels';
import { buildRealtimeChartOption, type ChartLine, type RealtimeChartInput } from './chart-option';

const line = (factorCode: string, unit: string | null, points: ChartLine['points'] = [[0, 1]]): ChartLine => ({
  factorCode,
  name: factorCode.toUpperCase(),
  unit,
  points,
});

const build = (input: Partial<RealtimeChartInput>) =>
  buildRealtimeChartOption({ title: 'T', lines: [], theme: 'light', available: 600, ...input }).option;

/** A line of `count` values, a minute apart. */
const minutes = (count: number): [number, number][] => Array.from({ length: count }, (_, i) => [i * 60_000, i]);

describe('real-time chart option', () => {
  const lines = [line('w01018', 'mg/L'), line('w01001', null), line('w21003', 'mg/L'), line('w01010', '℃')];

  it('uses the 24-colour palette', () => {
    expect(CHART_PALETTE).toHaveLength(24);
    expect(new Set(CHART_PALETTE).size).toBe(24);
    expect(build({ lines }).color).toEqual([...CHART_PALETTE]);
  });

  it('opens on all of a readable window, and on the newest tenth of a longer one — never on the oldest values', () => {
    expect(build({ lines: [line('a', 'mg/L', minutes(60))] }).dataZoom).toEqual([
      expect.objectContaining({ type: 'inside', start: 0, end: 100 }),
      expect.objectContaining({ type: 'slider', start: 0, end: 100 }),
    ]);
    expect(build({ lines: [line('a', 'mg/L', minutes(60)), line('b', '℃', minutes(2880))] }).dataZoom).toEqual([
      expect.objectContaining({ start: 90, end: 100 }),
      expect.objectContaining({ start: 90, end: 100 }),
    ]);
  });

  it("keeps the user's zoom when given", () => {
    expect(build({ lines, zoom: { start: 40, end: 90 } }).dataZoom).toEqual([
      expect.objectContaining({ start: 40, end: 90 }),
      expect.objectContaining({ start: 40, end: 90 }),
    ]);
  });

  it('follows the theme: light and dark text, axes and tooltip, on a transparent background', () => {
    const light = build({ lines });
    const dark = build({ lines, theme: 'dark' });
    expect(light.backgroundColor).toBe('transparent');
    expect(light.darkMode).toBe(false);
    expect(dark.darkMode).toBe(true);
    expect(light.textStyle).toEqual({ color: CHART_COLORS.light.text });
    expect(dark.textStyle).toEqual({ color: CHART_COLORS.dark.text });
    expect(dark.tooltip).toMatchObject({ backgroundColor: CHART_COLORS.dark.tooltipBackground });
    expect((dark.yAxis as object[])[0]).toMatchObject({ axisLabel: { color: CHART_COLORS.dark.secondaryText } });
    expect(CHART_COLORS.light.text).not.toBe(CHART_COLORS.dark.text);
  });

  it('draws a line per factor in a panel per unit, each panel with its own labelled scale', () => {
    const option = build({ title: 'Station 1', lines });
    expect(option.title).toMatchObject({ text: 'Station 1' });
    const series = option.series as {
      id: string;
      name: string;
      xAxisIndex: number;
      yAxisIndex: number;
      data: unknown;
    }[];
    expect(series.map((s) => [s.id, s.name, s.xAxisIndex, s.yAxisIndex])).toEqual([
      ['w01018', 'W01018', 0, 0],
      ['w01001', 'W01001', 1, 1],
      ['w21003', 'W21003', 0, 0],
      ['w01010', 'W01010', 2, 2],
    ]);
    expect(series[0]?.data).toEqual([[0, 1]]);
    // pH has no unit: its panel is named by what it measures.
    const axes = option.yAxis as { name: string; gridIndex: number; show?: boolean; axisLabel: { show: boolean } }[];
    expect(axes.map((a) => [a.name, a.gridIndex, a.show !== false && a.axisLabel.show])).toEqual([
      ['mg/L', 0, true],
      ['W01001', 1, true],
      ['℃', 2, true],
    ]);
    // One zoom moves every panel's time axis.
    expect(option.dataZoom).toEqual([
      expect.objectContaining({ xAxisIndex: [0, 1, 2] }),
      expect.objectContaining({ xAxisIndex: [0, 1, 2] }),
    ]);
    expect(option.xAxis).toHaveLength(3);
  });

  it('gives every unit a readable scale at any number of units, growing the chart rather than crowding it', () => {
    const many = Array.from({ length: 8 }, (_, i) => line(`f${i}`, `u${i}`));
    const view = buildRealtimeChartOption({ title: 'T', lines: many, theme: 'dark', available: 500 });
    const grids = view.option.grid as { top: number; height: number }[];
    expect(grids).toHaveLength(8);
    expect(grids.every((g) => g.height >= MIN_PANEL_HEIGHT)).toBe(true);
    // Stacked without overlapping, all within the chart's height.
    grids.slice(1).forEach((g, i) => expect(g.top).toBeGreaterThan((grids[i]?.top ?? 0) + (grids[i]?.height ?? 0)));
    expect(view.height).toBeGreaterThan(500);
    expect((grids.at(-1)?.top ?? 0) + (grids.at(-1)?.height ?? 0)).toBeLessThan(view.height);
    expect((view.option.yAxis as { name: string }[]).map((a) => a.name)).toEqual(many.map((l) => l.unit));
    // A single unit fills the height offered.
    expect(
      buildRealtimeChartOption({ title: 'T', lines: [line('a', 'mg/L')], theme: 'dark', available: 500 }).height,
    ).toBe(500);
  });

  it('lines the panels up on the time the lines span', () => {
    const option = build({
      lines: [
        line('a', 'mg/L', [
          [100, 1],
          [200, 2],
        ]),
        line('b', '℃', [
          [50, 1],
          [150, 2],
        ]),
      ],
    });
    expect(option.xAxis).toEqual([
      expect.objectContaining({ type: 'time', min: 50, max: 200 }),
      expect.objectContaining({ type: 'time', min: 50, max: 200 }),
    ]);
  });

  it('shows the points of short lines only', () => {
    const option = build({ lines: [line('a', null), line('b', null, minutes(500))] });
    expect((option.series as { showSymbol: boolean }[]).map((s) => s.showSymbol)).toEqual([true, false]);
  });

  it('keeps one panel for an empty chart', () => {
    const option = build({ theme: 'dark' });
    expect(option.series).toEqual([]);
    expect(option.yAxis).toHaveLength(1);
    expect(option.grid).toHaveLength(1);
  });

  it("writes its times on the device's clock: 05:00 on a UTC+08:00 station, the zone named for a UTC browser", () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(0);
    try {
      // 2026-11-25 21:00 UTC, the last of an hour of values.
      const at = Date.UTC(2026, 10, 25, 21, 0, 0);
      const points: [number, number][] = [
        [at - 3_600_000, 1],
        [at, 2],
      ];
      const option = build({ lines: [line('a', 'mg/L', points)], utcOffsetMinutes: 480 });
      const [axis] = option.xAxis as {
        axisLabel: { formatter: (value: number) => string };
        axisPointer: { label: { formatter: (params: { value: number }) => string } };
      }[];
      expect(axis?.axisLabel.formatter(at)).toBe('05:00');
      expect(axis?.axisPointer.label.formatter({ value: at })).toBe('2026-11-26 05:00:00 UTC+08:00');
      // Without the device's zone (no device chosen) ECharts writes the times as it does.
      const bare = build({ lines: [line('a', 'mg/L', points)] }).xAxis as { axisLabel: object }[];
      expect(bare[0]?.axisLabel).not.toHaveProperty('formatter');
    } finally {
      vi.restoreAllMocks();
    }
  });
});
