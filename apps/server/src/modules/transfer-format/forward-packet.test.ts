import { parsePacket } from '@envmon/hj212';
import { describe, expect, it } from 'vitest';
import { encodeForward, type ForwardTarget, type ForwardValue, forwardFlag, forwardNumber } from './forward-packet.js';

const value = (factorCode: string, v: Partial<ForwardValue>): ForwardValue => ({
  factorCode,
  value: null,
  min: null,
  max: null,
  cou: null,
  flag: null,
  ...v,
});

const target2017: ForwardTarget = {
  protocol: '2017',
  st: '21',
  upstreamMn: '010000A8900016F000169DC0',
  upstreamPassword: '123456',
  ackRequired: true,
  factors: [],
  utcOffsetMinutes: 480,
};

// Expected packets framed by hand: length counted, CRC by HJ212.md §3's algorithm outside this code base
// (the same routine gives X01's C241).
describe('encodeForward', () => {
  it('writes a 2017 hourly upload with Flag 5, the period fields in order and a fresh QN', () => {
    const { packet, qn, skipped } = encodeForward(
      {
        cn: '2061',
        dataTime: Date.UTC(2016, 7, 1, 0, 0, 0), // 08:00 Beijing
        values: [
          value('w01018', { value: 40.1, min: 38.2, max: 41, flag: 'N' }),
          value('w21003', { value: 0.52, flag: 'N' }),
        ],
      },
      target2017,
      '20160801085000001',
    );
    expect(qn).toBe('20160801085000001');
    expect(skipped).toEqual([]);
    expect(packet).toBe(
      '##0200QN=20160801085000001;ST=21;CN=2061;PW=123456;MN=010000A8900016F000169DC0;Flag=5;CP=&&' +
        'DataTime=20160801080000;w01018-Min=38.2,w01018-Avg=40.1,w01018-Max=41,w01018-Flag=N;' +
        'w21003-Avg=0.52,w21003-Flag=N&&7580\r\n',
    );
  });

  it('writes a 2005 real-time upload with the legacy codes and version bits 0 (no answer asked: Flag 0)', () => {
    const { packet } = encodeForward(
      {
        cn: '2011',
        dataTime: Date.UTC(2016, 7, 23, 16, 38, 17),
        values: [
          value('w00000', { value: 36.91 }),
          value('w01018', { value: 231, flag: 'N' }),
          value('w21003', { value: 1.803, flag: 'N' }),
        ],
      },
      { ...target2017, protocol: '2005', st: '32', upstreamMn: 'LD130133000015', ackRequired: false },
      '20160824003817000',
    );
    expect(packet).toBe(
      '##0162QN=20160824003817000;ST=32;CN=2011;PW=123456;MN=LD130133000015;Flag=0;CP=&&' +
        'DataTime=20160824003817;B01-Rtd=36.91;011-Rtd=231,011-Flag=N;060-Rtd=1.803,060-Flag=N&&8801\r\n',
    );
    const parsed = parsePacket(packet);
    expect(parsed.ok && parsed.message.dialect).toBe('hj212-2005');
  });

  it('sends only the mapped factors, under their codes, converted and rounded', () => {
    const { packet, skipped } = encodeForward(
      {
        cn: '2051',
        dataTime: Date.UTC(2026, 0, 1, 0, 10),
        values: [
          value('w21011', { value: 0.1234, min: 0.1, max: 0.15, flag: 'N' }),
          value('w01001', { value: 7.52, flag: 'N' }),
          value('w01010', { value: null, flag: 'N' }),
        ],
      },
      {
        ...target2017,
        factors: [
          { factorCode: 'w21011', upstreamCode: 'TP01', ratio: 1000, decimals: 1 },
          { factorCode: 'w01010', upstreamCode: null, ratio: 1, decimals: null },
        ],
      },
      '20260101081000123',
    );
    const parsed = parsePacket(packet);
    if (!parsed.ok) throw new Error(parsed.error.detail);
    expect(parsed.message.dataTime).toBe('20260101081000');
    expect(parsed.message.factors.map((f) => [f.code, f.values])).toEqual([
      ['TP01', { Min: '100.0', Avg: '123.4', Max: '150.0', Flag: 'N' }],
    ]);
    expect(skipped).toEqual(['w01001', 'w01010']);
  });

  it('carries state fields and plain CP fields as stored', () => {
    const { packet } = encodeForward(
      {
        cn: '2021',
        dataTime: Date.UTC(2026, 0, 1, 0, 0),
        values: [],
        fields: { SB1: { RS: '1' }, SB2: { RS: '0' } },
      },
      { ...target2017, ackRequired: false },
      '20260101080000000',
    );
    const parsed = parsePacket(packet);
    if (!parsed.ok) throw new Error(parsed.error.detail);
    expect(parsed.message.flag?.value).toBe(4);
    expect(parsed.message.factors.map((f) => [f.code, f.rs])).toEqual([
      ['SB1', 1],
      ['SB2', 0],
    ]);
  });
});

describe('forwardFlag and forwardNumber', () => {
  it('sets the version bits and bit A', () => {
    expect([forwardFlag('2017', false), forwardFlag('2017', true), forwardFlag('2005', true)]).toEqual([4, 5, 1]);
  });

  it('drops the float noise of a conversion and keeps a stored value as it is', () => {
    const m = { factorCode: 'x', upstreamCode: null, ratio: 3, decimals: null };
    expect(forwardNumber(0.1, m)).toBe('0.3');
    expect(forwardNumber(0.1)).toBe('0.1');
    expect(forwardNumber(2.5, { ...m, ratio: 1, decimals: 0 })).toBe('3');
  });
});
