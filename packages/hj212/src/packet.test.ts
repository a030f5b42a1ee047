import { describe, expect, it } from 'vitest';
import { formatCrc, modbusCrc } from './crc.js';
import { frameSegment, parsePacket, serialisePacket } from './packet.js';
import { VECTORS } from './test-support.js';
import type { Hj212Message, Hj212ParseResult } from './types.js';

function ok(result: Hj212ParseResult): Hj212Message {
  if (!result.ok) throw new Error(`expected a message, got ${result.error.code}: ${result.error.detail}`);
  return result.message;
}

describe('HJ212.md test packets', () => {
  it('V01: 1062 set real-time interval, Flag=5 (2017, ack)', () => {
    const result = parsePacket(VECTORS.V01);
    expect(result).toMatchObject({ ok: true, frame: { length: 101, lengthUnit: 'bytes', crc: '1C80' } });
    expect(ok(result)).toEqual({
      qn: '20160801085857223',
      st: '32',
      cn: '1062',
      pw: '100000',
      mn: '010000A8900016F000169DC0',
      flag: { value: 5, ack: true, split: false, version: 1 },
      dialect: 'hj212-2017',
      extra: {},
      cp: { RtdInterval: '30' },
      factors: [],
    });
  });

  it('V02: hourly air data with a 24-char PW and five factors', () => {
    const m = ok(parsePacket(VECTORS.V02));
    expect(m).toMatchObject({ st: '22', cn: '2061', pw: 'BF470F88957588DE902D1A52', mn: 'Z13401000010301' });
    expect(m.flag?.ack).toBe(true);
    expect(m.dataTime).toBe('20190924220000');
    expect(m.factors.map((f) => f.code)).toEqual(['a34006', 'a34007', 'a34048', 'a34047', 'a34049']);
    expect(m.factors[0]).toEqual({ code: 'a34006', values: { Avg: '2.69700', Flag: 'N' }, avg: 2.697, flag: 'N' });
    expect(m.factors[4]?.avg).toBe(10.663);
  });

  it('V03: real-time data with a lower-case CRC', () => {
    const result = parsePacket(VECTORS.V03);
    expect(result).toMatchObject({ ok: true, frame: { crc: 'cc01' } });
    const m = ok(result);
    expect(m.cn).toBe('2011');
    expect(m.flag).toEqual({ value: 4, ack: false, split: false, version: 1 });
    expect(m.factors).toHaveLength(7);
    expect(m.factors.find((f) => f.code === 'a21003')).toMatchObject({ rtd: 101.94, flag: 'N' });
    expect(m.factors[0]?.values.Rtd).toBe('0.00');
  });

  it('V04: minute data with 11 factors including O3 and wind, no CRLF', () => {
    const m = ok(parsePacket(VECTORS.V04));
    expect(m.cn).toBe('2051');
    expect(m.mn).toBe('JLYP01_AIR01_0001');
    expect(m.factors).toHaveLength(11);
    expect(m.factors.find((f) => f.code === 'a05024')).toMatchObject({ avg: 63, flag: 'N' });
    expect(m.factors.find((f) => f.code === 'a01008')?.avg).toBe(11);
  });

  it('X01: the 9014 data answer with an empty CP', () => {
    const m = ok(parsePacket(VECTORS.X01));
    expect(m).toMatchObject({ qn: '20160801085000001', st: '91', cn: '9014', cp: {}, factors: [] });
    expect(m.dataTime).toBeUndefined();
  });

  it('N01: the widely copied README packet has a wrong CRC', () => {
    expect(parsePacket(VECTORS.N01)).toEqual({
      ok: false,
      error: { code: 'CRC_MISMATCH', detail: 'CRC field 4980, computed 3C00' },
    });
  });

  it('N01 with its correct CRC: a 2005 packet without QN or Flag, legacy codes, mixed , and ;', () => {
    const m = ok(parsePacket(VECTORS.N01.slice(0, -4) + '3C00'));
    expect(m.qn).toBeUndefined();
    expect(m.flag).toBeUndefined();
    expect(m.dialect).toBe('hj212-2005');
    expect(m.factors).toEqual([
      { code: 'B01', values: { Rtd: '36.91' }, rtd: 36.91 },
      { code: '011', values: { Rtd: '231.0', Flag: 'N' }, rtd: 231, flag: 'N' },
      { code: '060', values: { Rtd: '1.803', Flag: 'N' }, rtd: 1.803, flag: 'N' },
    ]);
  });

  it('the 9014 answer with QnRtn=1 and Flag=9 (surface-water variant / 2025)', () => {
    const m = ok(parsePacket(VECTORS.QNRTN));
    expect(m.cp).toEqual({ QnRtn: '1' });
    expect(m.flag).toEqual({ value: 9, ack: true, split: false, version: 2 });
    expect(m.dialect).toBe('hj212-2025');
  });

  it('re-serialises the standard-form vectors byte for byte', () => {
    for (const packet of [VECTORS.V01, VECTORS.V02, VECTORS.V04, VECTORS.X01]) {
      expect(serialisePacket(ok(parsePacket(packet)))).toBe(`${packet}\r\n`);
    }
    expect(serialisePacket(ok(parsePacket(VECTORS.V03)))).toBe(`${VECTORS.V03.slice(0, -4)}CC01\r\n`);
  });
});

describe('framing tolerance', () => {
  it('accepts CRLF, a bare LF, or no line ending, as string or bytes', () => {
    for (const tail of ['', '\n', '\r\n']) {
      expect(parsePacket(VECTORS.V01 + tail).ok).toBe(true);
      expect(parsePacket(new TextEncoder().encode(VECTORS.V01 + tail)).ok).toBe(true);
    }
  });

  it('counts the length in UTF-8 bytes, and also accepts a character count', () => {
    const segment =
      'QN=20200101000000000;ST=21;CN=3020;PW=123456;MN=ZLDSZ20210127;Flag=4;CP=&&i11001-Info=//清洗管路//&&';
    const packet = frameSegment(segment);
    const byteLength = new TextEncoder().encode(segment).length;
    expect(packet.slice(2, 6)).toBe(String(byteLength).padStart(4, '0'));
    const m = ok(parsePacket(packet));
    expect(m.factors[0]).toEqual({ code: 'i11001', values: { Info: '//清洗管路//' }, info: '清洗管路' });

    const charCounted = `##${String(segment.length).padStart(4, '0')}${packet.slice(6)}`;
    expect(parsePacket(charCounted)).toMatchObject({ ok: true, frame: { lengthUnit: 'chars' } });
  });

  it('accepts data segments beyond 1024 bytes, up to the 4-digit limit', () => {
    const factors = Array.from(
      { length: 60 },
      (_, i) => `w${String(i).padStart(5, '0')}-Avg=${i}.123,w${String(i).padStart(5, '0')}-Flag=N`,
    );
    const segment = `QN=20200101000000000;ST=21;CN=2051;PW=123456;MN=M1;Flag=4;CP=&&DataTime=20200101000000;${factors.join(';')}&&`;
    expect(segment.length).toBeGreaterThan(1024);
    expect(ok(parsePacket(frameSegment(segment))).factors).toHaveLength(60);
    expect(() => frameSegment(`ST=21;CN=2011;CP=&&x=${'9'.repeat(10_000)}&&`)).toThrow(RangeError);
  });

  it('accepts 2025 flags, any ST and MN, an empty MN, 17-digit DataTime and split-packet numbers', () => {
    const m = ok(
      parsePacket(
        frameSegment(
          'QN=20240101120000123;ST=101;CN=2011;PW=123456;MN=;Flag=11;PNO=1;PNUM=0002;CP=&&DataTime=20240101120000123;w01018-Rtd=12&&',
        ),
      ),
    );
    expect(m).toMatchObject({
      st: '101',
      mn: '',
      pnum: 2,
      pno: 1,
      dataTime: '20240101120000123',
      dialect: 'hj212-2025',
    });
    expect(m.flag).toEqual({ value: 11, ack: true, split: true, version: 2 });
  });

  it('gives the version bits their dialect: 0–3 2005, 4–7 2017, 8–11 2025, above that unknown', () => {
    const dialect = (flag: number): string =>
      ok(parsePacket(frameSegment(`ST=21;CN=2011;MN=M;Flag=${flag};CP=&&&&`))).dialect;
    expect([0, 3, 4, 7, 8, 11, 12, 255].map(dialect)).toEqual([
      'hj212-2005',
      'hj212-2005',
      'hj212-2017',
      'hj212-2017',
      'hj212-2025',
      'hj212-2025',
      'unknown',
      'unknown',
    ]);
  });

  it('attaches a bare Flag to the factor before it (V12 style)', () => {
    const m = ok(
      parsePacket(frameSegment('ST=22;CN=2011;MN=M;Flag=4;CP=&&DataTime=20200101000000;a34001-Rtd=92;Flag=N&&')),
    );
    expect(m.factors).toEqual([{ code: 'a34001', values: { Rtd: '92', Flag: 'N' }, rtd: 92, flag: 'N' }]);
  });

  it('does not split inside //…// text and reads every per-factor field', () => {
    const m = ok(
      parsePacket(
        frameSegment(
          'ST=21;CN=2061;MN=M;Flag=4;CP=&&DataTime=20200101000000;w01018-Min=1,w01018-Avg=2,w01018-Max=3,w01018-Cou=4.5,w01018-Flag=N,w01018-EFlag=A1,w01018-SampleTime=20200101003000,w01018-SN=SN01;a21026-ZsRtd=1,a21026-ZsMin=2,a21026-ZsAvg=3,a21026-ZsMax=4;LA-Data=55.1,LA-DayData=60,LA-NightData=45;SB1-RS=1,SB1-RT=23.5;i11001-Info=//a,b;c=d//;PolId=w01018&&',
        ),
      ),
    );
    expect(m.factors[0]).toMatchObject({
      min: 1,
      avg: 2,
      max: 3,
      cou: 4.5,
      flag: 'N',
      eFlag: 'A1',
      sampleTime: '20200101003000',
      sn: 'SN01',
    });
    expect(m.factors[1]).toMatchObject({ zsRtd: 1, zsMin: 2, zsAvg: 3, zsMax: 4 });
    expect(m.factors[2]).toMatchObject({ data: 55.1, dayData: 60, nightData: 45 });
    expect(m.factors[3]).toMatchObject({ rs: 1, rt: 23.5 });
    expect(m.factors[4]?.info).toBe('a,b;c=d');
    expect(m.cp).toEqual({ PolId: 'w01018' });
  });

  it('keeps non-numeric values as text without a numeric view', () => {
    const m = ok(parsePacket(frameSegment('ST=21;CN=2011;CP=&&w01018-Rtd=n/a,w01018-Avg=1e999&&')));
    expect(m.factors[0]).toEqual({ code: 'w01018', values: { Rtd: 'n/a', Avg: '1e999' } });
  });

  it('accepts byte-swapped Modbus CRCs only when asked to', () => {
    const segment = VECTORS.V01.slice(6, -4);
    const crc = modbusCrc(new TextEncoder().encode(segment));
    const swapped = formatCrc(((crc & 0xff) << 8) | (crc >> 8));
    const packet = `${VECTORS.V01.slice(0, 6)}${segment}${swapped}`;
    expect(parsePacket(packet)).toMatchObject({ ok: false, error: { code: 'CRC_MISMATCH' } });
    expect(parsePacket(packet, { acceptModbusCrc: true })).toMatchObject({
      ok: true,
      frame: { crcAlgorithm: 'modbus-swapped' },
    });
  });
});

describe('typed errors', () => {
  const cases: [string, string | Uint8Array, string][] = [
    ['no ##', VECTORS.V01.slice(1), 'NO_HEADER'],
    ['empty input', '', 'NO_HEADER'],
    ['too short', '##00', 'LENGTH_MISMATCH'],
    ['non-digit length', `##01a1${VECTORS.V01.slice(6)}`, 'BAD_LENGTH'],
    ['wrong length', `##0102${VECTORS.V01.slice(6)}`, 'LENGTH_MISMATCH'],
    ['truncated', VECTORS.V01.slice(0, -10) + '1C80', 'LENGTH_MISMATCH'],
    ['CRC not hex', `${VECTORS.V01.slice(0, -4)}1C8G`, 'BAD_CRC_FORMAT'],
    ['wrong CRC', `${VECTORS.V01.slice(0, -4)}1C08`, 'CRC_MISMATCH'],
    [
      'invalid UTF-8',
      new Uint8Array([0x23, 0x23, 0x30, 0x30, 0x30, 0x31, 0xff, 0x30, 0x30, 0x30, 0x30]),
      'BAD_ENCODING',
    ],
    ['no CP', frameSegment('ST=21;CN=2011;MN=M'), 'BAD_SEGMENT'],
    ['CP not closed', frameSegment('ST=21;CN=2011;CP=&&x=1'), 'BAD_SEGMENT'],
    ['no CN', frameSegment('ST=21;MN=M;CP=&&&&'), 'MISSING_FIELD'],
    ['no ST', frameSegment('CN=2011;MN=M;CP=&&&&'), 'MISSING_FIELD'],
    ['bad CN', frameSegment('ST=21;CN=20x1;CP=&&&&'), 'BAD_FIELD'],
    ['Flag over 255', frameSegment('ST=21;CN=2011;Flag=256;CP=&&&&'), 'BAD_FIELD'],
    ['bad PNUM', frameSegment('ST=21;CN=2011;Flag=6;PNUM=x;CP=&&&&'), 'BAD_FIELD'],
    ['bad DataTime', frameSegment('ST=21;CN=2011;CP=&&DataTime=2020010100&&'), 'BAD_FIELD'],
    ['CP item without =', frameSegment('ST=21;CN=2011;CP=&&w01018-Rtd&&'), 'BAD_CP'],
    ['unterminated text', frameSegment('ST=21;CN=2011;CP=&&i11001-Info=//abc&&'), 'BAD_CP'],
    ['reserved name', frameSegment('ST=21;CN=2011;CP=&&w01-__proto__=1&&'), 'BAD_CP'],
  ];
  it.each(cases)('%s → %s', (_name, input, code) => {
    const result = parsePacket(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.detail).not.toBe('');
    }
  });
});

describe('serialisePacket', () => {
  it('refuses messages it could not write as a valid packet', () => {
    const base = ok(parsePacket(VECTORS.X01));
    expect(() => serialisePacket({ ...base, mn: 'a;b' })).toThrow(RangeError);
    expect(() => serialisePacket({ ...base, cn: '12' })).toThrow(RangeError);
    expect(() => serialisePacket({ ...base, cp: { x: '1,2' } })).toThrow(RangeError);
    expect(() => serialisePacket({ ...base, dataTime: '2020' })).toThrow(RangeError);
    expect(() => serialisePacket({ ...base, flag: { value: 300, ack: false, split: false, version: 75 } })).toThrow(
      RangeError,
    );
  });
});
