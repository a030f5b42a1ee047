import { parseHj212Time, parsePacket, type Hj212Message } from '@envmon/hj212';
import { describe, expect, it } from 'vitest';
import {
  buildDataPacket,
  buildReplyPacket,
  buildStationPacket,
  formatBeijingTime,
  formatFactorValue,
  periodLengthMs,
  periodStartMs,
} from './packets.js';
import { createStationModel } from './station-model.js';

/** 2026-03-15 08:47:12.345 Beijing. */
const T = Date.UTC(2026, 2, 15, 0, 47, 12, 345);
const MN = 'SIMW0001000000000000';

function parsed(text: string): Hj212Message {
  const result = parsePacket(text);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.detail}`);
  return result.message;
}

describe('Beijing time', () => {
  it('formats 14 and 17 digits in UTC+8, and reads back with parseHj212Time', () => {
    expect(formatBeijingTime(T)).toBe('20260315084712');
    expect(formatBeijingTime(T, 17)).toBe('20260315084712345');
    expect(formatBeijingTime(Date.UTC(2025, 11, 31, 16))).toBe('20260101000000');
    expect(parseHj212Time(formatBeijingTime(T, 17))?.getTime()).toBe(T);
  });

  it('starts periods at the interval, the hour and Beijing midnight', () => {
    expect(formatBeijingTime(periodStartMs('2011', T, 60_000))).toBe('20260315084712');
    expect(formatBeijingTime(periodStartMs('2051', T, 60_000))).toBe('20260315084700');
    expect(formatBeijingTime(periodStartMs('2051', T, 600_000))).toBe('20260315084000');
    expect(formatBeijingTime(periodStartMs('2061', T, 60_000))).toBe('20260315080000');
    expect(formatBeijingTime(periodStartMs('2031', T, 60_000))).toBe('20260315000000');
    // 23:59 Beijing is still the same Beijing day although UTC is 15:59.
    const lateEvening = Date.UTC(2026, 2, 15, 15, 59);
    expect(formatBeijingTime(periodStartMs('2031', lateEvening, 60_000))).toBe('20260315000000');
    expect(formatBeijingTime(periodStartMs('2031', lateEvening + 60_000, 60_000))).toBe('20260316000000');
    expect(periodLengthMs('2051', 600_000)).toBe(600_000);
    expect(periodLengthMs('2061', 600_000)).toBe(3_600_000);
    expect(periodLengthMs('2031', 600_000)).toBe(86_400_000);
  });
});

describe('buildDataPacket', () => {
  it('builds a 2011 upload with -Rtd/-Flag that parses back with a valid CRC', () => {
    const model = createStationModel({ kind: 'water', seed: 1 });
    const values = model.sample(T);
    const { qn, text } = buildDataPacket({
      mn: MN,
      pw: '123456',
      st: '21',
      cn: '2011',
      dataTimeMs: periodStartMs('2011', T, 60_000),
      values,
      ack: true,
      qnMs: T,
    });
    expect(text.endsWith('\r\n')).toBe(true);
    const m = parsed(text);
    expect(qn).toBe('20260315084712345');
    expect(m).toMatchObject({ qn, st: '21', cn: '2011', pw: '123456', mn: MN, dataTime: '20260315084712' });
    expect(m.flag).toMatchObject({ value: 5, ack: true, version: 1 });
    expect(m.factors.map((f) => f.code)).toEqual(values.map((v) => v.code));
    for (const [i, f] of m.factors.entries()) {
      expect(Object.keys(f.values)).toEqual(['Rtd', 'Flag']);
      expect(f.rtd).toBe(values[i]?.value);
      expect(f.flag).toBe('N');
    }
    // pH has two decimals in the catalogue (N2.2): always written with both.
    expect(m.factors[0]?.values.Rtd).toMatch(/^\d+\.\d\d$/);
  });

  it('builds period data with -Avg/-Min/-Max/-Flag, flags per factor and Flag=4 without ack', () => {
    const { text } = buildDataPacket({
      mn: MN,
      pw: '123456',
      st: '22',
      cn: '2061',
      dataTimeMs: periodStartMs('2061', T, 60_000),
      values: [
        { code: 'a34004', value: 35.2, min: 30.05, max: 41 },
        { code: 'a01008', value: 182 },
      ],
      flags: { a34004: 'D' },
      ack: false,
      qnMs: T,
    });
    const m = parsed(text);
    expect(m.flag?.value).toBe(4);
    expect(m.dataTime).toBe('20260315080000');
    expect(m.factors[0]?.values).toEqual({ Avg: '35.200', Min: '30.050', Max: '41.000', Flag: 'D' });
    // Without min/max they equal the average.
    expect(m.factors[1]?.values).toEqual({ Avg: '182', Min: '182', Max: '182', Flag: 'N' });
  });

  it('round-trips a whole day of model aggregates for both kinds', () => {
    for (const kind of ['water', 'air'] as const) {
      const model = createStationModel({ kind, seed: 2 });
      const start = periodStartMs('2031', T, 60_000);
      const values = model.aggregate(start, start + 86_400_000, 48);
      const m = parsed(
        buildDataPacket({ mn: MN, pw: '123456', st: '21', cn: '2031', dataTimeMs: start, values, ack: true, qnMs: T })
          .text,
      );
      expect(m.factors.map((f) => [f.code, f.avg, f.min, f.max])).toEqual(
        values.map((v) => [v.code, v.value, v.min, v.max]),
      );
    }
  });
});

describe('formatFactorValue', () => {
  it('writes the factor decimals and never a negative zero', () => {
    expect(formatFactorValue('w01018', 12)).toBe('12.0');
    expect(formatFactorValue('w21003', 0.456)).toBe('0.46');
    expect(formatFactorValue('w21003', -0.001)).toBe('0.00');
    expect(formatFactorValue('a01008', 359.4)).toBe('359');
  });
});

describe('replies and station packets', () => {
  it('builds the standard 9014 answer exactly (vector X01)', () => {
    const text = buildReplyPacket({
      qn: '20160801085000001',
      mn: '010000A8900016F000169DC0',
      pw: '123456',
      cn: '9014',
    });
    expect(text).toBe(
      '##0087QN=20160801085000001;ST=91;CN=9014;PW=123456;MN=010000A8900016F000169DC0;Flag=4;CP=&&&&C241\r\n',
    );
  });

  it('builds 9011/9012 with QnRtn/ExeRtn and the request QN', () => {
    const m = parsed(
      buildReplyPacket({ qn: '20260315084712345', mn: MN, pw: '123456', cn: '9011', cp: { QnRtn: '1' } }),
    );
    expect(m).toMatchObject({ qn: '20260315084712345', st: '91', cn: '9011', cp: { QnRtn: '1' } });
    expect(m.flag?.value).toBe(4);
    expect(parsed(buildReplyPacket({ qn: 'x', mn: MN, pw: '1', cn: '9012', cp: { ExeRtn: '1' } })).cp).toEqual({
      ExeRtn: '1',
    });
  });

  it('builds a 1013 notify with Flag=5 and a 1011 answer with SystemTime', () => {
    const notify = buildStationPacket({ mn: MN, pw: '123456', st: '21', cn: '1013', ack: true, qnMs: T });
    expect(parsed(notify.text)).toMatchObject({ qn: notify.qn, cn: '1013', flag: { value: 5 }, cp: {} });
    const answer = buildStationPacket({
      mn: MN,
      pw: '123456',
      st: '21',
      cn: '1011',
      ack: false,
      qnMs: T,
      cp: { SystemTime: formatBeijingTime(T) },
    });
    expect(parsed(answer.text)).toMatchObject({ cn: '1011', flag: { value: 4 }, cp: { SystemTime: '20260315084712' } });
  });
});
