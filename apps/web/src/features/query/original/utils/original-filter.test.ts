import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangeAllowed, toOriginalFilter } from './original-filter';

describe('original-packet filter', () => {
  const begin = dayjs('2026-03-01T00:00:00');
  it('sends the range as epoch ms and drops blank MN and CN', () => {
    expect(toOriginalFilter({ range: [begin, begin.add(1, 'hour')], mn: '  ', cn: ' 2011 ', deviceId: 3 })).toEqual({
      deviceId: 3,
      mn: undefined,
      cn: '2011',
      beginTime: begin.valueOf(),
      endTime: begin.add(1, 'hour').valueOf(),
    });
  });
  it('allows at most 31 days, begin first', () => {
    expect(rangeAllowed([begin, begin.add(31, 'day')])).toBe(true);
    expect(rangeAllowed([begin, begin.add(31, 'day').add(1, 'second')])).toBe(false);
    expect(rangeAllowed([begin, begin.subtract(1, 'second')])).toBe(false);
  });
});
