import { describe, expect, it } from 'vitest';
import { runDuration } from './run-duration';

describe('runDuration', () => {
  it('counts a quick run in milliseconds', () => {
    expect(runDuration(0)).toEqual({ key: 'job.duration.millis', values: { ms: 0 } });
    expect(runDuration(999)).toEqual({ key: 'job.duration.millis', values: { ms: 999 } });
  });

  it('counts whole seconds, then minutes and seconds, then hours and minutes', () => {
    expect(runDuration(1_000)).toEqual({ key: 'job.duration.seconds', values: { s: 1 } });
    expect(runDuration(59_999)).toEqual({ key: 'job.duration.seconds', values: { s: 59 } });
    expect(runDuration(125_400)).toEqual({ key: 'job.duration.minutes', values: { m: 2, s: 5 } });
    expect(runDuration(3_600_000 + 17 * 60_000 + 30_000)).toEqual({
      key: 'job.duration.hours',
      values: { h: 1, m: 17 },
    });
  });
});
