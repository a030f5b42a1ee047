import { describe, expect, it } from 'vitest';
import { unitBarOption } from './report-chart';

interface Drawn {
  grid: unknown[];
  xAxis: { gridIndex: number; data: string[] }[];
  yAxis: { gridIndex: number; name: string; scale: boolean }[];
  series: { name: string; xAxisIndex: number; yAxisIndex: number; itemStyle: { color: string } }[];
  legend: { data: string[] };
}

describe('unitBarOption', () => {
  it('stands each unit’s bars on a scale of their own, from zero, one colour and legend entry per series name', () => {
    const chart = unitBarOption('dark', 'Factor bars', [
      {
        name: 'mg/L',
        categories: ['COD', 'NH3-N'],
        series: [
          { name: 'Average', values: [25, 0.4] },
          { name: 'Standard', values: [30, 1] },
        ],
      },
      { name: 'μS/cm', categories: ['Conductivity'], series: [{ name: 'Average', values: [310] }] },
    ]);
    const option = chart.option as Drawn;
    expect(option.grid).toHaveLength(2);
    expect(option.yAxis.map((a) => [a.gridIndex, a.name, a.scale])).toEqual([
      [0, 'mg/L', false],
      [1, 'μS/cm', false],
    ]);
    expect(option.xAxis.map((a) => [a.gridIndex, a.data])).toEqual([
      [0, ['COD', 'NH3-N']],
      [1, ['Conductivity']],
    ]);
    expect(option.series.map((s) => [s.name, s.xAxisIndex, s.yAxisIndex])).toEqual([
      ['Average', 0, 0],
      ['Standard', 0, 0],
      ['Average', 1, 1],
    ]);
    const [average, standard, averageAgain] = option.series;
    expect(averageAgain?.itemStyle.color).toBe(average?.itemStyle.color);
    expect(standard?.itemStyle.color).not.toBe(average?.itemStyle.color);
    expect(option.legend.data).toEqual(['Average', 'Standard']);
    // Two panels need more room than one report chart's height offers them.
    expect(chart.height).toBeGreaterThanOrEqual(380);
  });
});
