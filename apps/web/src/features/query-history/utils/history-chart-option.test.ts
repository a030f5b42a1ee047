import { CHART_PALETTE, type HistoryChart } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from '../../../components/chart/chart-theme';
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

describe('buildHistoryChartOption', () => {
  it('draws a line per device × factor on an axis per unit, in the theme, zoomed to the spec’s default', () => {
    const option = buildHistoryChartOption(CHART, 'dark', 'en');
    const series = option.series as { id: string; name: string; yAxisIndex: number; data: unknown[] }[];
    expect(series.map((s) => [s.id, s.name, s.yAxisIndex])).toEqual([
      ['1|w01018', 'A · COD', 0],
      ['1|w01001', 'A · pH', 1],
      ['2|w01018', 'B · COD', 0],
    ]);
    expect(series[2]?.data).toEqual([[0, null]]);
    expect((option.yAxis as { name: string }[]).map((a) => a.name)).toEqual(['mg/L', '']);
    expect(option.color).toEqual([...CHART_PALETTE]);
    expect(option.textStyle).toEqual({ color: CHART_COLORS.dark.text });
    expect(option.dataZoom).toMatchObject([
      { start: 0, end: 10 },
      { start: 0, end: 10 },
    ]);
  });

  it('labels up to four unit axes, taking turns left and right, and makes room for them', () => {
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
        points: [[0, i]],
      })),
    };
    const option = buildHistoryChartOption(chart, 'light', 'en');
    const axes = option.yAxis as { name: string; show: boolean; position: string; offset: number }[];
    expect(axes.map((a) => [a.name, a.show, a.position, a.offset])).toEqual([
      ['mg/L', true, 'left', 0],
      ['NTU', true, 'right', 0],
      ['℃', true, 'left', 56],
      ['m³/h', true, 'right', 56],
      ['μS/cm', false, 'left', 112],
    ]);
    expect(option.grid).toMatchObject({ left: 112, right: 112 });
    expect(buildHistoryChartOption(CHART, 'light', 'en').grid).toMatchObject({ left: 56, right: 56 });
  });

  it('names lines in Chinese and keeps a value axis when there is nothing to draw', () => {
    expect((buildHistoryChartOption(CHART, 'light', 'zh').series as { name: string }[])[0]?.name).toBe(
      'A · 化学需氧量',
    );
    const empty = buildHistoryChartOption({ ...CHART, series: [] }, 'light', 'zh');
    expect(empty.yAxis).toHaveLength(1);
  });
});
