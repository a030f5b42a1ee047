import type { GatherResult } from '@envmon/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, formatValue, gatherChartOption, toGatherRequest } from './gather-view';

describe('gather view helpers', () => {
  it('formats to the factor’s decimals, else to at most three', () => {
    expect(formatValue(15.04, 1)).toBe('15.0');
    expect(formatValue(30.433333333333334, null)).toBe('30.433');
    expect(formatValue(2, undefined)).toBe('2');
    expect(formatValue(null, 2)).toBe('-');
  });

  it('builds the request: lists as comma-separated text, the group by its type', () => {
    const range = [dayjs(1000), dayjs(2000)] as [dayjs.Dayjs, dayjs.Dayjs];
    expect(toGatherRequest({ groupType: 'devices', groupId: 3, deviceIds: [4, 5], timeUnit: 'day', range }, 9)).toEqual(
      {
        projectId: 9,
        groupType: 'devices',
        groupId: undefined,
        deviceIds: '4,5',
        factorCodes: undefined,
        timeUnit: 'day',
        beginTime: 1000,
        endTime: 2000,
      },
    );
    expect(
      toGatherRequest({ groupType: 'address', groupId: 3, factorCodes: ['a', 'b'], timeUnit: 'hour', range }, null),
    ).toMatchObject({ projectId: undefined, groupId: 3, deviceIds: undefined, factorCodes: 'a,b' });
  });

  it('defaults the range by unit', () => {
    const now = dayjs('2026-03-15T10:20:00');
    expect(defaultRange('day', now)[0].format('YYYY-MM-DD HH:mm')).toBe('2026-02-13 00:00');
    expect(defaultRange('month', now)[0].format('YYYY-MM-DD')).toBe('2025-04-01');
  });

  it('draws one average line per factor over the periods, gaps where a factor has none', () => {
    const result: GatherResult = {
      timeUnit: 'hour',
      utcOffsetMinutes: 480,
      deviceCount: 2,
      factors: [
        { factorCode: 'a', factorName: '甲', factorNameEn: 'A', unit: 'mg/L', decimals: 1 },
        { factorCode: 'b', factorName: '乙', factorNameEn: 'B', unit: null, decimals: null },
      ],
      rows: [
        { dataTime: 0, factorCode: 'a', avg: 1.26, min: 1, max: 2, devices: 2 },
        { dataTime: 0, factorCode: 'b', avg: 1 / 3, min: 0, max: 1, devices: 2 },
        { dataTime: 3_600_000, factorCode: 'a', avg: 2, min: 2, max: 2, devices: 1 },
      ],
    };
    const { option } = gatherChartOption(result, 'light', true, 'Average', 320);
    expect(option.series.map((s) => [s.name, s.data, s.yAxisIndex])).toEqual([
      ['A (mg/L)', [1.3, 2], 0],
      ['B', [0.333, null], 1],
    ]);
    // A panel per unit, each scale labelled (the unitless one by its factor), all on the same periods.
    expect(option.yAxis.map((axis) => [axis.name, axis.gridIndex, axis.axisLabel?.show])).toEqual([
      ['mg/L', 0, true],
      ['B', 1, true],
    ]);
    const [first, second] = option.xAxis.map((axis) => (axis as { data: string[] }).data);
    // The periods on the stations' clock (epoch 0 is 08:00 in UTC+08:00), whatever the machine's zone.
    expect(first).toEqual(['1970-01-01 08:00', '1970-01-01 09:00']);
    expect(second).toEqual(first);
    expect(option.title).toMatchObject({ text: 'Average' });
  });

  it('opens on every period when they are readable, else on the newest tenth, one zoom for all panels', () => {
    const periods = (count: number): GatherResult => ({
      timeUnit: 'hour',
      utcOffsetMinutes: 480,
      deviceCount: 1,
      factors: [
        { factorCode: 'a', factorName: '甲', factorNameEn: 'A', unit: 'mg/L', decimals: 1 },
        { factorCode: 'b', factorName: '乙', factorNameEn: 'B', unit: '℃', decimals: 1 },
      ],
      rows: Array.from({ length: count }, (_, i) => ({
        dataTime: i * 3_600_000,
        factorCode: 'a',
        avg: i,
        min: i,
        max: i,
        devices: 1,
      })),
    });
    expect(gatherChartOption(periods(720), 'dark', false, '平均值', 320).option.dataZoom).toMatchObject([
      { start: 0, end: 100, xAxisIndex: [0, 1] },
      { start: 0, end: 100, xAxisIndex: [0, 1] },
    ]);
    expect(gatherChartOption(periods(8760), 'dark', false, '平均值', 320).option.dataZoom).toMatchObject([
      { start: 90, end: 100 },
      { start: 90, end: 100 },
    ]);
  });
});
