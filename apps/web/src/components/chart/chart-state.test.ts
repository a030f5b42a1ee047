import { describe, expect, it } from 'vitest';
import { chartState } from './chart-state';

describe('chart state', () => {
  it('reads the data extent of a time chart, each zoom window and every value axis with its series', () => {
    const state = chartState({
      xAxis: [{ type: 'time' }, { type: 'time' }],
      yAxis: [
        { name: 'mg/L', axisLabel: { show: true } },
        { name: '℃', show: false },
        { name: '', axisLabel: { show: true } },
        { name: 'pH', axisLabel: { show: false } },
      ],
      dataZoom: [
        { type: 'inside', xAxisIndex: [0, 1], startValue: 150, endValue: 300 },
        { type: 'slider', xAxisIndex: 0 },
      ],
      series: [
        {
          name: 'COD',
          yAxisIndex: 0,
          data: [
            [100, 1],
            [300, 2],
          ],
        },
        {
          name: 'T',
          yAxisIndex: 1,
          data: [
            [200, 1],
            [250, null],
          ],
        },
        { name: 'x', data: [] },
      ],
    });
    expect(state).toEqual({
      data: [100, 300],
      zoom: [{ xAxes: [0, 1], window: [150, 300] }],
      xAxes: 2,
      yAxes: [
        { name: 'mg/L', labelled: true },
        { name: '℃', labelled: false },
        { name: '', labelled: false },
        { name: 'pH', labelled: false },
      ],
      series: [
        { name: 'COD', yAxis: 0 },
        { name: 'T', yAxis: 1 },
        { name: 'x', yAxis: 0 },
      ],
    });
  });

  it('counts the categories of a category axis, and has no extent without data', () => {
    expect(chartState({ xAxis: [{ type: 'category', data: ['a', 'b', 'c'] }] }).data).toEqual([0, 2]);
    expect(chartState({ xAxis: { type: 'time' }, series: [] }).data).toBeNull();
  });
});
