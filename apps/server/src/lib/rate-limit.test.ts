import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { RateLimiter } from './rate-limit.js';

describe('RateLimiter', () => {
  it('allows the limit per window per key, then refuses until the window passes', () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter(clock, 2, 1000);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.take('b')).toBe(true);
    clock.advance(1000);
    expect(limiter.take('a')).toBe(true);
  });
});
