import { describe, expect, it } from 'vitest';
import {
  exportTimeColumn,
  formatStationTime,
  formatStationTimeWithZone,
  formatUtcOffset,
  titleWithZone,
} from './station-time.js';

// 2026-11-25 21:59:30 UTC: 05:59:30 the next day in Beijing.
const AT = Date.UTC(2026, 10, 25, 21, 59, 30);

describe('formatStationTime', () => {
  it("reads the instant on the station's clock, whatever zone the process runs in", () => {
    expect(formatStationTime(AT, 480)).toBe('2026-11-26 05:59:30');
    expect(formatStationTime(AT, 0)).toBe('2026-11-25 21:59:30');
    expect(formatStationTime(AT, -330)).toBe('2026-11-25 16:29:30');
  });
  it('cuts to the precision', () => {
    expect(formatStationTime(AT, 480, 'minute')).toBe('2026-11-26 05:59');
    expect(formatStationTime(AT, 480, 'day')).toBe('2026-11-26');
    expect(formatStationTime(AT, 480, 'month')).toBe('2026-11');
    expect(formatStationTime(Date.UTC(2026, 11, 31, 20), 480, 'year')).toBe('2027');
  });
});

describe('zones', () => {
  it('names a zone as UTC±hh:mm', () => {
    expect(formatUtcOffset(480)).toBe('UTC+08:00');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(-330)).toBe('UTC-05:30');
    expect(formatUtcOffset(345)).toBe('UTC+05:45');
  });
  it('puts the zone after a time and into a title the language’s way', () => {
    expect(formatStationTimeWithZone(AT, 480)).toBe('2026-11-26 05:59:30 UTC+08:00');
    expect(titleWithZone('数据时间', 480, 'zh-CN')).toBe('数据时间（UTC+08:00）');
    expect(titleWithZone('Data time', 480, 'en-US')).toBe('Data time (UTC+08:00)');
  });
});

describe('exportTimeColumn', () => {
  it('names one shared zone in the title and leaves the times bare', () => {
    const column = exportTimeColumn('数据时间', [480, 480], 'zh-CN');
    expect(column.title).toBe('数据时间（UTC+08:00）');
    expect(column.format(AT, 480, 'minute')).toBe('2026-11-26 05:59');
  });
  it('names the zone beside each time when the stations differ', () => {
    const column = exportTimeColumn('Data time', [480, 0], 'en-US');
    expect(column.title).toBe('Data time');
    expect(column.format(AT, 0)).toBe('2026-11-25 21:59:30 UTC+00:00');
  });
});
