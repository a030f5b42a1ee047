import { formatInZone, JOB_LIMITS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { COMMON_TIME_ZONES, cronPreview, timeZoneOptions, zoneOffset } from './cron-preview';

/** 2026-12-06 12:00:00 UTC, a Sunday. */
const NOW = Date.UTC(2026, 11, 6, 12, 0, 0);

describe('cronPreview', () => {
  it('gives the next five planned times of a daily cron on the wall clock of its zone', () => {
    const preview = cronPreview('0 1 * * *', 'Asia/Shanghai', NOW);
    expect(preview.kind).toBe('times');
    if (preview.kind !== 'times') return;
    expect(preview.times).toHaveLength(JOB_LIMITS.previewRuns);
    // 01:00 Beijing is 17:00 UTC the day before: after 12:00 UTC on the 6th the first is 01:00 on the 7th.
    expect(preview.times.map((time) => formatInZone(time, 'Asia/Shanghai'))).toEqual([
      '2026-12-07 01:00:00',
      '2026-12-08 01:00:00',
      '2026-12-09 01:00:00',
      '2026-12-10 01:00:00',
      '2026-12-11 01:00:00',
    ]);
    expect(preview.times[0]).toBe(Date.UTC(2026, 11, 6, 17, 0, 0));
  });

  it('reads the same cron in another zone as other instants', () => {
    const preview = cronPreview('30 8 * * 1', 'America/New_York', NOW);
    if (preview.kind !== 'times') throw new Error('expected times');
    // Mondays 08:30 in New York (EST, UTC−5 in December): 13:30 UTC.
    expect(preview.times[0]).toBe(Date.UTC(2026, 11, 7, 13, 30, 0));
    expect(formatInZone(preview.times[0] ?? 0, 'America/New_York')).toBe('2026-12-07 08:30:00');
    expect(formatInZone(preview.times[1] ?? 0, 'America/New_York')).toBe('2026-12-14 08:30:00');
  });

  it('says why an invalid cron has no times, with the message the save gives', () => {
    expect(cronPreview('0 25 * * *', 'Asia/Shanghai', NOW)).toEqual({
      kind: 'invalid',
      key: 'validation.pattern',
      values: {},
    });
    expect(cronPreview('   ', 'Asia/Shanghai', NOW)).toMatchObject({ kind: 'invalid', key: 'validation.required' });
  });

  it('says why an unknown time zone has no times', () => {
    expect(cronPreview('0 1 * * *', 'Mars/Olympus', NOW)).toMatchObject({ kind: 'invalid', key: 'validation.pattern' });
  });

  it('gives no times for a date that never comes (30 February)', () => {
    expect(cronPreview('0 0 30 2 *', 'UTC', NOW)).toEqual({ kind: 'times', times: [] });
  });
});

describe('formatInZone', () => {
  it('writes midnight as 00, not 24', () => {
    expect(formatInZone(Date.UTC(2026, 0, 1, 16, 0, 0), 'Asia/Shanghai')).toBe('2026-01-02 00:00:00');
  });
});

describe('timeZoneOptions', () => {
  it('offers the common zones with their offset, Beijing first', () => {
    const options = timeZoneOptions(undefined, NOW);
    expect(options).toHaveLength(COMMON_TIME_ZONES.length);
    expect(options[0]).toEqual({ value: 'Asia/Shanghai', label: 'Asia/Shanghai (GMT+08:00)' });
    expect(options.find((o) => o.value === 'America/New_York')?.label).toBe('America/New_York (GMT-05:00)');
  });

  it("keeps a job's own zone when it is not a common one", () => {
    const options = timeZoneOptions('Pacific/Auckland', NOW);
    expect(options[0]).toEqual({ value: 'Pacific/Auckland', label: 'Pacific/Auckland (GMT+13:00)' });
    expect(options).toHaveLength(COMMON_TIME_ZONES.length + 1);
    expect(zoneOffset('UTC', NOW)).toBe('GMT+00:00');
  });
});
