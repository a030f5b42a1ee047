import { describe, expect, it } from 'vitest';
import { frameSegment, parsePacket, serialisePacket } from './packet.js';
import { makeFactor, makeFlag, dialectOf } from './segment.js';
import { Rng } from './test-support.js';
import type { Hj212Message } from './types.js';

const DIGITS = '0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_';
/** Plain values: anything but the item delimiters, including `=`, `&`, `/` and Chinese. */
const PLAIN = `${ALNUM}.-+=&/ 清洗管路水质`;
const TEXT = `${ALNUM}.,;=&: 清洗管路仪器故障`;
const SUFFIXES = [
  'Rtd',
  'Min',
  'Avg',
  'Max',
  'Cou',
  'ZsRtd',
  'Flag',
  'EFlag',
  'SampleTime',
  'Info',
  'SN',
  'RS',
  'RT',
  'Xyz',
];

function value(rng: Rng, suffix: string): string {
  switch (suffix) {
    case 'Flag':
      return rng.pick(['N', 'F', 'M', 'S', 'D', 'C', 'T', 'B']);
    case 'SampleTime':
      return rng.string(DIGITS, 14, 14);
    case 'Info':
      return `//${rng.string(TEXT, 0, 30)}x//`;
    case 'SN':
    case 'EFlag':
    case 'Xyz': {
      const text = rng.string(PLAIN, 0, 12);
      return text.startsWith('//') ? `x${text}` : text;
    }
    default:
      return rng.bool(0.9) ? (rng.next() * 10 ** rng.int(6) * (rng.bool(0.1) ? -1 : 1)).toFixed(rng.int(5)) : 'n/a';
  }
}

/** A random message that the codec must be able to carry unchanged. */
function genMessage(rng: Rng): Hj212Message {
  const flag = rng.bool(0.8) ? makeFlag(rng.int(256)) : undefined;
  const message: Hj212Message = {
    st: rng.string(ALNUM, 0, 3),
    cn: rng.string(DIGITS, 4, 4),
    dialect: dialectOf(flag),
    extra: {},
    cp: {},
    factors: [],
  };
  if (rng.bool(0.8)) message.qn = rng.string(DIGITS, 17, 17);
  if (rng.bool(0.9)) message.pw = rng.string(ALNUM, 0, 24);
  if (rng.bool(0.9)) message.mn = rng.string(`${ALNUM}-`, 0, 30);
  if (flag !== undefined) message.flag = flag;
  if (flag?.split === true) {
    message.pnum = 1 + rng.int(9999);
    message.pno = 1 + rng.int(9999);
  }
  if (rng.bool(0.1)) message.extra[`X${rng.string(ALNUM, 1, 4)}`] = rng.string(PLAIN, 0, 8);
  if (rng.bool(0.8)) {
    const n = rng.bool() ? 14 : 17;
    message.dataTime = rng.string(DIGITS, n, n);
  }
  const plainFields = rng.int(3);
  for (let i = 0; i < plainFields; i++) {
    const key = rng.pick(['RtdInterval', 'QnRtn', 'ExeRtn', 'BeginTime', 'PolId', 'InfoId', 'SystemTime']);
    message.cp[key] = rng.string(DIGITS, 1, 14);
  }
  const factorCount = rng.int(12);
  const used = new Set<string>();
  for (let i = 0; i < factorCount; i++) {
    const code = rng.pick(['w', 'a', 'i', 'SB', '0']) + rng.string(DIGITS, 2, 5);
    if (used.has(code)) continue;
    used.add(code);
    const values: Record<string, string> = {};
    const n = 1 + rng.int(5);
    for (let k = 0; k < n; k++) {
      const suffix = rng.pick(SUFFIXES);
      values[suffix] = value(rng, suffix);
    }
    message.factors.push(makeFactor(code, values));
  }
  return message;
}

describe('serialise → parse round trip', () => {
  it('gives back the same message for 5,000 generated messages', () => {
    const rng = new Rng(20_170_501);
    for (let i = 0; i < 5_000; i++) {
      const message = genMessage(rng);
      const packet = serialisePacket(message);
      const result = parsePacket(packet);
      if (!result.ok) throw new Error(`${result.error.code} ${result.error.detail} for ${packet}`);
      expect(result.message).toEqual(message);
      expect(result.frame.lengthUnit).toBe('bytes');
    }
  });

  it('is stable: parse → serialise → parse → serialise gives the same packet', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 1_000; i++) {
      const first = serialisePacket(genMessage(rng));
      const again = parsePacket(first);
      expect(again.ok && serialisePacket(again.message)).toBe(first);
    }
  });

  it('frames with the UTF-8 byte length and an upper-case CRC', () => {
    const packet = frameSegment('ST=21;CN=3020;CP=&&i11001-Info=//水//&&');
    expect(packet.slice(2, 6)).toBe('0040');
    expect(packet).toMatch(/[0-9A-F]{4}\r\n$/);
  });
});
