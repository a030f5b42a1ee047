import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { prettyJson, toLogQuery } from './log-query';

describe('toLogQuery', () => {
  const page = { pageNum: 2, pageSize: 20 };

  it('sends only the filters given, trimmed, with times as epoch ms', () => {
    const begin = dayjs('2024-01-01 00:00:00');
    const end = dayjs('2024-01-31 23:59:59');
    expect(toLogQuery({ userName: ' admin ', url: '', range: [begin, end], success: '0' }, page)).toEqual({
      pageNum: 2,
      pageSize: 20,
      userName: 'admin',
      beginTime: begin.valueOf(),
      endTime: end.valueOf(),
      success: '0',
    });
  });

  it('allows an open-ended range and no filters at all', () => {
    const begin = dayjs('2024-01-01');
    expect(toLogQuery({ range: [begin, null] }, page)).toEqual({ ...page, beginTime: begin.valueOf() });
    expect(toLogQuery({ range: null }, page)).toEqual(page);
  });
});

describe('prettyJson', () => {
  it('indents JSON and leaves other text alone', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('用户名已存在！')).toBe('用户名已存在！');
    expect(prettyJson(null)).toBe('');
  });
});
