import { describe, expect, it } from 'vitest';
import { makeFactor, parseSegment, splitFields } from './segment.js';
import { Rng } from './test-support.js';
import type { Hj212Factor, Hj212Message } from './types.js';

function parse(cp: string, header = 'ST=21;CN=2011;Flag=4'): Hj212Message {
  const result = parseSegment(`${header};CP=&&${cp}&&`);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.detail}`);
  return result.message;
}

/** The language the numeric views accept, as the parser once checked it with a regular expression. */
const PLAIN_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

describe('numeric views', () => {
  it('equal Number(text) exactly (sign of zero included) for plain decimals, and are absent otherwise', () => {
    const rng = new Rng(0x2051);
    const texts = ['0', '-0', '+0', '-0.0', '.5', '5.', '+.5e-3', '1e22', '1e23', '9007199254740993', '0.1', '1e400'];
    texts.push(
      '',
      '.',
      '+',
      '-',
      'e5',
      '1e',
      '1e+',
      '0x1F',
      ' 1',
      '1 ',
      'Infinity',
      '1.2.3',
      '1_0',
      '١٢',
      'NaN',
      '--1',
    );
    for (let i = 0; i < 50_000; i++) {
      if (rng.bool(0.3)) {
        texts.push(rng.string('0123456789.eE+-x ', 0, 8));
        continue;
      }
      const digits = (min: number, max: number): string => rng.string('0123456789', min, max);
      let text = `${rng.pick(['', '-', '+'])}${digits(0, rng.bool(0.8) ? 8 : 22)}`;
      if (rng.bool(0.7)) text += `.${digits(0, rng.bool(0.8) ? 6 : 20)}`;
      if (rng.bool(0.2)) text += `${rng.pick(['e', 'E'])}${rng.pick(['', '-', '+'])}${digits(1, 3)}`;
      texts.push(text);
    }
    let numbers = 0;
    const wrong: string[] = [];
    for (const text of texts) {
      const factor = makeFactor('w01018', { Avg: text });
      const n = Number(text);
      if (PLAIN_DECIMAL.test(text) && Number.isFinite(n)) {
        numbers++;
        if (!Object.is(factor.avg, n)) wrong.push(`${text} → ${factor.avg} instead of ${n}`);
      } else if ('avg' in factor) {
        wrong.push(`${text} → ${factor.avg} instead of no view`);
      }
    }
    expect(wrong).toEqual([]);
    expect(numbers).toBeGreaterThan(20_000);
  });

  it('follow the last value of a repeated suffix, dropping the view when that value is not a number', () => {
    const [factor] = parse('w01018-Avg=1,w01018-Flag=N,w01018-Avg=x').factors;
    expect(factor).toEqual({ code: 'w01018', values: { Flag: 'N', Avg: 'x' }, flag: 'N' });
    expect(factor).not.toHaveProperty('avg');
  });
});

describe('factor fields', () => {
  it('keep arrival order: a repeated suffix moves to the end of values, its typed view stays where it was', () => {
    const [factor] = parse('w01018-Avg=1,w01018-Flag=N,w01018-Min=0,w01018-Avg=2').factors;
    expect(Object.keys(factor?.values ?? {})).toEqual(['Flag', 'Min', 'Avg']);
    expect(Object.keys(factor ?? {})).toEqual(['code', 'values', 'avg', 'flag', 'min']);
    expect(factor?.avg).toBe(2);
  });

  it('re-add a view after a bad value at the end, as a fresh property', () => {
    const [factor] = parse('w01018-Avg=1,w01018-Flag=N,w01018-Avg=bad,w01018-Avg=3').factors;
    expect(Object.keys(factor ?? {})).toEqual(['code', 'values', 'flag', 'avg']);
    expect(factor?.avg).toBe(3);
  });

  it('group fields by code however they are interleaved, and tell apart codes that prefix each other', () => {
    const m = parse('w01-Avg=1;w011-Avg=2,w01-Min=3;w0-Avg=4;w01-Max=5,w011-Flag=N;w01-x-y=6');
    expect(m.factors).toEqual([
      { code: 'w01', values: { Avg: '1', Min: '3', Max: '5', 'x-y': '6' }, avg: 1, min: 3, max: 5 },
      { code: 'w011', values: { Avg: '2', Flag: 'N' }, avg: 2, flag: 'N' },
      { code: 'w0', values: { Avg: '4' }, avg: 4 },
    ]);
  });

  it('read only the exact suffix names: look-alikes are kept as text without a view', () => {
    const [factor] = parse('w01-Aug=1,w01-AVG=2,w01-Avg2=3,w01-Rtdd=4,w01-Fla=N,w01-RTT=5,w01-rs=6').factors;
    expect(factor).toEqual({
      code: 'w01',
      values: { Aug: '1', AVG: '2', Avg2: '3', Rtdd: '4', Fla: 'N', RTT: '5', rs: '6' },
    });
  });

  it('keeps names that are not factor fields as plain CP fields, and a bare Flag on the factor before it', () => {
    const m = parse('w01-Avg=1;Flag=N;-Rtd=2;w01-=3;Flag=M;toString=4;w03-toString=5');
    const expected: Hj212Factor[] = [
      { code: 'w01', values: { Avg: '1', Flag: 'N' }, avg: 1, flag: 'N' },
      { code: 'w03', values: { toString: '5' } },
    ];
    expect(m.factors).toEqual(expected);
    expect(m.cp).toEqual({ '-Rtd': '2', 'w01-': '3', Flag: 'M', toString: '4' });
  });
});

describe('header fields', () => {
  it('let the last of a repeated field win and keep unknown fields in first-seen order', () => {
    const m = parse('', 'QN=1;ST=21;X2=a;CN=2011;X1=b;X2=c;ST=22;;Flag=4;PNO=1;PNUM=2');
    expect(m).toMatchObject({ qn: '1', st: '22', cn: '2011', pnum: 2, pno: 1 });
    expect(Object.entries(m.extra)).toEqual([
      ['X2', 'c'],
      ['X1', 'b'],
    ]);
    expect(Object.keys(m)).toEqual(['st', 'cn', 'dialect', 'extra', 'cp', 'factors', 'qn', 'flag', 'pnum', 'pno']);
  });
});

describe('CP errors', () => {
  const cases: [string, string, string][] = [
    ['w01-Avg', 'BAD_CP', "CP item without '=': w01-Avg"],
    ['a;b', 'BAD_CP', "CP item without '=': a;b"],
    ['a&b=1', 'BAD_CP', 'bad CP field name: a&b'],
    ['w01-Avg=1,w01-A\rvg=2', 'BAD_CP', 'bad CP field name: w01-A\rvg'],
    ['=1', 'BAD_CP', 'bad CP field name: '],
    ['w01-Info=//abc', 'BAD_CP', 'unterminated //text// in w01-Info'],
    ['w01-Info=//a//b', 'BAD_CP', 'text after closing // in w01-Info'],
    ['w01-Avg=1,w01-__proto__=1', 'BAD_CP', 'reserved CP field name'],
    ['__proto__=1', 'BAD_CP', 'reserved CP field name'],
    ['DataTime=2020', 'BAD_FIELD', 'DataTime is not 14 or 17 digits: 2020'],
  ];
  it.each(cases)('%j → %s %s', (cp, code, detail) => {
    expect(parseSegment(`ST=21;CN=2011;CP=&&${cp}&&`)).toEqual({ ok: false, error: { code, detail } });
  });
});

describe('splitFields', () => {
  it('puts `<code>-<suffix>` names in their factor and the rest in the plain CP fields', () => {
    const { cp, factors } = splitFields([
      ['PolId', 'w01018'],
      ['i13004-Info', '165'],
      ['w21003-i13009-Info', '0.02'],
      ['w21003-SN', 'SN1'],
    ]);
    expect(cp).toEqual({ PolId: 'w01018' });
    expect(factors.map((f) => [f.code, f.values])).toEqual([
      ['i13004', { Info: '165' }],
      ['w21003', { 'i13009-Info': '0.02', SN: 'SN1' }],
    ]);
  });
});
