import { describe, expect, it } from 'vitest';
import { parseHj212Time } from './time.js';

describe('parseHj212Time', () => {
  it('reads 14 digits as Beijing time by default', () => {
    expect(parseHj212Time('20160801084000')?.toISOString()).toBe('2016-08-01T00:40:00.000Z');
  });

  it('reads 17 digits with milliseconds and honours another offset', () => {
    expect(parseHj212Time('20220513162608370', 0)?.toISOString()).toBe('2022-05-13T16:26:08.370Z');
  });

  it('rejects malformed and impossible times', () => {
    for (const text of [
      '2016080108400',
      '201608010840001',
      '20160230120000',
      '20161301000000',
      '20160801246000',
      'x',
    ]) {
      expect(parseHj212Time(text)).toBeUndefined();
    }
  });
});
