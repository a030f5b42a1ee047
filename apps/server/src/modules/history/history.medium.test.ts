import { type HistoryChart, type HistoryTable, MINUTE_MS } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, call, useTestApp } from '../../test/harness.js';
import {
  cells,
  COD,
  FLOW,
  HISTORY,
  hourRange,
  insertMeasurements,
  L,
  type MeasurementRow,
  seedHistory,
} from './history.test-support.js';

describe('history query', () => {
  const t = useTestApp();
  let admin: string;
  let a: number;
  let b: number;

  beforeAll(async () => {
    ({ admin, a, b } = await seedHistory(t()));
  });

  const table = (params: Record<string, string>, token = admin) =>
    call<HistoryTable>(t().app, token, 'GET', `${HISTORY}/get`, { query: params });

  it('answers hour rows per device × time, by time then device, paged, with flags and factor columns', async () => {
    // Rows with any chosen factor: A 00, A 01, B 01, A 02, A 03, B 05 → 6.
    const first = await table({ ...hourRange, deviceIds: `${a},${b}`, factorCodes: `${COD},${FLOW}`, pageSize: '4' });
    expect(first.total).toBe(6);
    expect(first.factors).toEqual([
      { factorCode: COD, factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 },
      { factorCode: FLOW, factorName: '污水流量', factorNameEn: 'Flow', unit: 'm3', decimals: 0 },
    ]);
    expect(cells(first)).toEqual([
      ['HI-A', L(3, 1, 0), 12.34, 1],
      ['HI-A', L(3, 1, 1), 20, 1],
      ['HI-B', L(3, 1, 1), 50, null],
      ['HI-A', L(3, 1, 2), 30, 1],
    ]);
    expect(first.list[0]).toMatchObject({ deviceName: 'Station HI-A', deviceId: a });
    expect(first.list[3]?.values[COD]).toEqual({ value: 30, flag: 'D', quality: 'N' });
    const second = await table({
      ...hourRange,
      deviceIds: String(a),
      factorCodes: COD,
      pageSize: '4',
      pageNum: '1',
    });
    expect(second.total).toBe(4);
    expect(second.list[3]?.values[COD]).toEqual({ value: 40, flag: 'N', quality: 'SH1' });
    // Repeated parameters work as well as comma lists.
    const url = `${HISTORY}/get?deviceIds=${a}&deviceIds=${b}&factorCodes=${COD}&timeUnit=hour&beginTime=${L(3, 1)}&endTime=${L(3, 2)}&pageSize=4&pageNum=2`;
    const last = body<HistoryTable>(await t().app.inject({ url, headers: { token: admin } })).data;
    expect(cells(last)).toEqual([
      ['HI-A', L(3, 1, 3), 40, null],
      ['HI-B', L(3, 1, 5), 60, null],
    ]);
    expect(last.total).toBe(6);
  });

  it('reads the day and month rollups', async () => {
    const days = await table({
      timeUnit: 'day',
      beginTime: String(L(3, 1)),
      endTime: String(L(3, 3)),
      deviceIds: String(a),
      factorCodes: COD,
    });
    expect(cells(days)).toEqual([
      ['HI-A', L(3, 1), 25, null],
      ['HI-A', L(3, 2), 35, null],
    ]);
    const months = await table({
      timeUnit: 'month',
      beginTime: String(L(1, 1)),
      endTime: String(L(12, 1)),
      deviceIds: String(a),
      factorCodes: COD,
    });
    expect(cells(months)).toEqual([['HI-A', L(3, 1), 30, null]]);
  });

  it('sums cou for the flow units: a day value’s cou, else its hours’; months and years of days', async () => {
    const flow = (timeUnit: string, begin: number, end: number) =>
      table({ timeUnit, beginTime: String(begin), endTime: String(end), deviceIds: String(a), factorCodes: FLOW });
    // 1 March: no day value → hours 10 + 20 + 30 = 60; 2 March: day cou 100 (not hours 5 + 5); 3 March 40; 1 April 25.
    const days = await flow('flowDay', L(3, 1), L(4, 2));
    expect(cells(days)).toEqual([
      ['HI-A', L(3, 1), null, 60],
      ['HI-A', L(3, 2), null, 100],
      ['HI-A', L(3, 3), null, 40],
      ['HI-A', L(4, 1), null, 25],
    ]);
    expect(days.list[0]?.values[FLOW]).toEqual({ value: 60, flag: null, quality: null });
    // Two devices (asked B first): by day, then device id — A's 60 and B's 7 on 1 March, then A's days.
    const both = await table({
      timeUnit: 'flowDay',
      beginTime: String(L(3, 1)),
      endTime: String(L(3, 3)),
      deviceIds: `${b},${a}`,
      factorCodes: FLOW,
    });
    expect(cells(both)).toEqual([
      ['HI-A', L(3, 1), null, 60],
      ['HI-B', L(3, 1), null, 7],
      ['HI-A', L(3, 2), null, 100],
    ]);
    // March 60 + 100 + 40 = 200; April 25.
    expect(cells(await flow('flowMonth', L(1, 1), L(6, 1)))).toEqual([
      ['HI-A', L(3, 1), null, 200],
      ['HI-A', L(4, 1), null, 25],
    ]);
    // 2026: 200 + 25 = 225.
    const years = await flow('flowYear', L(1, 1), L(1, 1, 0, 2027));
    expect(cells(years)).toEqual([['HI-A', L(1, 1), null, 225]]);
    expect(years.total).toBe(1);
  });

  it('downsamples the chart to maxPoints, keeping the extremes', async () => {
    // 1,000 minute values of A's COD: i % 100, a spike of 500 at i = 321, a dip of −7 at i = 777, none at i = 500.
    const start = L(5, 1);
    const minutes: MeasurementRow[] = Array.from({ length: 1000 }, (_, i) => [
      a,
      'min',
      start + i * MINUTE_MS,
      COD,
      i === 321 ? 500 : i === 777 ? -7 : i === 500 ? null : i % 100,
      null,
    ]);
    for (let i = 0; i < minutes.length; i += 200) await insertMeasurements(t(), minutes.slice(i, i + 200));
    const chart = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, {
      query: {
        timeUnit: 'minute',
        beginTime: String(start),
        endTime: String(start + 1000 * MINUTE_MS),
        deviceIds: `${a},${b}`,
        factorCodes: COD,
        maxPoints: '100',
      },
    });
    expect(chart.series.map((s) => [s.deviceCode, s.factorCode, s.total])).toEqual([
      ['HI-A', COD, 1000],
      ['HI-B', COD, 0],
    ]);
    const points = chart.series[0]?.points ?? [];
    expect(points.length).toBeLessThanOrEqual(100);
    // 50 buckets of 20 values, each with a distinct min and max → exactly 100.
    expect(points.length).toBe(100);
    expect(points).toContainEqual([start + 321 * MINUTE_MS, 500]);
    expect(points).toContainEqual([start + 777 * MINUTE_MS, -7]);
    // A range of 30 days (past 2^31 ms), more hours than buckets but fewer values than points: every value, read as
    // whole seconds from the range's start.
    const wide = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, {
      query: {
        timeUnit: 'minute',
        beginTime: String(start - 500),
        endTime: String(start + 30 * 24 * 60 * MINUTE_MS),
        deviceIds: String(a),
        factorCodes: COD,
        maxPoints: '1000',
      },
    });
    expect(wide.series[0]?.points).toEqual(minutes.map(([, , dataTime, , value]) => [dataTime, value]));
    // A value the station sent without a number stays a gap (null), not a zero.
    const gap = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, {
      query: {
        timeUnit: 'minute',
        beginTime: String(start + 499 * MINUTE_MS),
        endTime: String(start + 502 * MINUTE_MS),
        deviceIds: String(a),
        factorCodes: COD,
      },
    });
    expect(gap.series[0]?.points).toEqual([
      [start + 499 * MINUTE_MS, 99],
      [start + 500 * MINUTE_MS, null],
      [start + 501 * MINUTE_MS, 1],
    ]);
    // A short series is returned whole: the hour flow sums of A (flowDay 60, 100, 40, 25).
    const flow = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, {
      query: {
        timeUnit: 'flowDay',
        beginTime: String(L(3, 1)),
        endTime: String(L(4, 2)),
        deviceIds: String(a),
        factorCodes: FLOW,
      },
    });
    expect(flow.maxPoints).toBe(2000);
    expect(flow.series[0]?.points).toEqual([
      [L(3, 1), 60],
      [L(3, 2), 100],
      [L(3, 3), 40],
      [L(4, 1), 25],
    ]);
  });
});
