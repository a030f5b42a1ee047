import { formatHj212Time, makeFactor } from '@envmon/hj212';
import { describe, expect, it } from 'vitest';
import { SplitPacketAssembler } from './split-packets.js';
import { QnGenerator } from './station-time.js';

describe('SplitPacketAssembler', () => {
  const key = { mn: 'MN1', cn: '2061', dataTime: '20260101080000' };

  it('returns the whole upload in part order once every part is in, whatever the arrival order', () => {
    const assembler = new SplitPacketAssembler();
    expect(assembler.add(key, 3, 3, [makeFactor('c', { Avg: '3' })], 0)).toBeNull();
    expect(assembler.add(key, 3, 1, [makeFactor('a', { Avg: '1' })], 0)).toBeNull();
    const whole = assembler.add(key, 3, 2, [makeFactor('b', { Avg: '2' })], 0);
    expect(whole?.map((f) => f.code)).toEqual(['a', 'b', 'c']);
    expect(assembler.pending).toBe(0);
  });

  it('keeps uploads of different data times apart', () => {
    const assembler = new SplitPacketAssembler();
    expect(assembler.add(key, 2, 1, [], 0)).toBeNull();
    expect(assembler.add({ ...key, dataTime: '20260101090000' }, 2, 2, [], 0)).toBeNull();
    expect(assembler.pending).toBe(2);
  });

  it('drops uploads never completed once they are too old, and holds no more than its limit', () => {
    const assembler = new SplitPacketAssembler(1000, 2);
    assembler.add(key, 2, 1, [], 0);
    assembler.add({ ...key, dataTime: 'later' }, 2, 1, [], 2000);
    expect(assembler.pending).toBe(1);
    assembler.add({ ...key, dataTime: 'x' }, 2, 1, [], 2000);
    assembler.add({ ...key, dataTime: 'y' }, 2, 1, [], 2000);
    expect(assembler.pending).toBe(2);
  });
});

describe('station time', () => {
  it('formats an instant as the station clock shows it (Beijing by default)', () => {
    const ms = Date.UTC(2026, 0, 1, 16, 5, 9, 42);
    expect(formatHj212Time(ms, 480)).toBe('20260102000509');
    expect(formatHj212Time(ms, 0, true)).toBe('20260101160509042');
  });

  it('issues a unique, increasing QN even within one millisecond', () => {
    const qns = new QnGenerator(() => Date.UTC(2026, 0, 1));
    const [a, b] = [qns.next(), qns.next()];
    expect(a).toBe('20260101080000000');
    expect(b).toBe('20260101080000001');
  });
});
