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

  it('reads every time as the calendar does: leap days, month ends, years before 100, out-of-range fields', () => {
    // The reading it replaced, by pattern and a calendar round trip, as the reference.
    const reference = (text: string, offset: number): number | undefined => {
      const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})?$/.exec(text);
      if (m === null) return undefined;
      const [year = 0, month = 0, day, hour, minute, second] = m.slice(1, 7).map(Number);
      const utc = Date.UTC(year, month - 1, day, hour, minute, second, m[7] === undefined ? 0 : Number(m[7]));
      const check = new Date(utc);
      const same =
        check.getUTCFullYear() === year &&
        check.getUTCMonth() === month - 1 &&
        check.getUTCDate() === day &&
        check.getUTCHours() === hour &&
        check.getUTCMinutes() === minute &&
        check.getUTCSeconds() === second;
      return same ? utc - offset * 60_000 : undefined;
    };
    const texts = ['20240229120000', '20230229120000', '19000229000000', '20000229000000', '00500101000000'];
    const two = (n: number) => String(n).padStart(2, '0');
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 5000; i++) {
      const year = String([0, 99, 100, 1900, 1999, 2000, 2024, 2100, 9999][random(9)]).padStart(4, '0');
      const fields = [random(14), random(33), random(26), random(62), random(62)].map(two).join('');
      texts.push(year + fields + (random(2) === 0 ? '' : String(random(1000)).padStart(3, '0')));
    }
    texts.push('2024022912000', '2024022912000x', '+2024022912000', '２０２４０２２９１２００００');
    for (const text of texts) {
      for (const offset of [480, 0, -300])
        expect(parseHj212Time(text, offset)?.getTime(), text).toBe(reference(text, offset));
    }
  });
});
