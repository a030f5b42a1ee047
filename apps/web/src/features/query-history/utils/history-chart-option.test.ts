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

  it('names lines in Chinese and keeps a value axis when there is nothing to draw', () => {
    expect((buildHistoryChartOption(CHART, 'light', 'zh').series as { name: string }[])[0]?.name).toBe(
      'A · 化学需氧量',
    );
    const empty = buildHistoryChartOption({ ...CHART, series: [] }, 'light', 'zh');
    expect(empty.yAxis).toHaveLength(1);
  });
});
