import { CHART_PALETTE, DATA_ZOOM_DEFAULT } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from '../../../components/chart/chart-theme';
import { buildRealtimeChartOption, type ChartLine } from './chart-option';

const line = (factorCode: string, unit: string | null, points: ChartLine['points'] = [[0, 1]]): ChartLine => ({
  factorCode,
  name: factorCode.toUpperCase(),
  unit,
  points,
});

describe('real-time chart option', () => {
  const lines = [line('w01018', 'mg/L'), line('w01001', null), line('w21003', 'mg/L'), line('w01010', '℃')];

  it('uses the 24-colour palette and starts the data zoom at the spec default (0–10 %)', () => {
    const option = buildRealtimeChartOption({ title: 'T', lines, theme: 'light' });
    expect(CHART_PALETTE).toHaveLength(24);
    expect(new Set(CHART_PALETTE).size).toBe(24);
    expect(option.color).toEqual([...CHART_PALETTE]);
    expect(option.dataZoom).toEqual([
      expect.objectContaining({ type: 'inside', start: DATA_ZOOM_DEFAULT.start, end: DATA_ZOOM_DEFAULT.end }),
      expect.objectContaining({ type: 'slider', start: 0, end: 10 }),
    ]);
  });

  it("keeps the user's zoom when given", () => {
    const option = buildRealtimeChartOption({ title: 'T', lines, theme: 'light', zoom: { start: 40, end: 90 } });
    expect(option.dataZoom).toEqual([
      expect.objectContaining({ start: 40, end: 90 }),
      expect.objectContaining({ start: 40, end: 90 }),
    ]);
  });

  it('follows the theme: light and dark text, axes and tooltip, on a transparent background', () => {
    const light = buildRealtimeChartOption({ title: 'T', lines, theme: 'light' });
    const dark = buildRealtimeChartOption({ title: 'T', lines, theme: 'dark' });
    expect(light.backgroundColor).toBe('transparent');
    expect(light.darkMode).toBe(false);
    expect(dark.darkMode).toBe(true);
    expect(light.textStyle).toEqual({ color: CHART_COLORS.light.text });
    expect(dark.textStyle).toEqual({ color: CHART_COLORS.dark.text });
    expect(dark.tooltip).toMatchObject({ backgroundColor: CHART_COLORS.dark.tooltipBackground });
    expect(dark.xAxis).toMatchObject({ axisLabel: { color: CHART_COLORS.dark.secondaryText } });
    expect(CHART_COLORS.light.text).not.toBe(CHART_COLORS.dark.text);
  });

  it('draws a line per factor on one value axis per unit, labelling the first two', () => {
    const option = buildRealtimeChartOption({ title: 'Station 1', lines, theme: 'light' });
    expect(option.title).toMatchObject({ text: 'Station 1' });
    const series = option.series as { id: string; name: string; yAxisIndex: number; type: string; data: unknown }[];
    expect(series.map((s) => [s.id, s.name, s.yAxisIndex, s.type])).toEqual([
      ['w01018', 'W01018', 0, 'line'],
      ['w01001', 'W01001', 1, 'line'],
      ['w21003', 'W21003', 0, 'line'],
      ['w01010', 'W01010', 2, 'line'],
    ]);
    expect(series[0]?.data).toEqual([[0, 1]]);
    const axes = option.yAxis as { name: string; position: string; show: boolean }[];
    expect(axes.map((a) => [a.name, a.position, a.show])).toEqual([
      ['mg/L', 'left', true],
      ['', 'right', true],
      ['℃', 'right', false],
    ]);
  });

  it('shows the points of short lines only', () => {
    const long = Array.from({ length: 500 }, (_, i): [number, number] => [i, i]);
    const option = buildRealtimeChartOption({
      title: 'T',
      lines: [line('a', null), line('b', null, long)],
      theme: 'light',
    });
    expect((option.series as { showSymbol: boolean }[]).map((s) => s.showSymbol)).toEqual([true, false]);
  });

  it('keeps one value axis for an empty chart', () => {
    const option = buildRealtimeChartOption({ title: 'T', lines: [], theme: 'dark' });
    expect(option.series).toEqual([]);
    expect(option.yAxis).toHaveLength(1);
  });
});
