import { describe, expect, it } from 'vitest';
import { FORWARD_REFUSED_RETRY_MS, FORWARD_RETRY_MAX_MS, FORWARD_RETRY_MS, retryDelay } from './forwarding-service.js';

describe('retryDelay', () => {
  it('does not wait after a drain that emptied the backlog', () => {
    expect(retryDelay('drained', 8000)).toBe(0);
  });

  it('doubles the wait for an upstream down, silent or gone, up to the bound', () => {
    const waits: number[] = [];
    let wait = 0;
    for (const result of [
      'unreachable',
      'timeout',
      'closed',
      'unreachable',
      'timeout',
      'timeout',
      'timeout',
      'timeout',
    ] as const) {
      wait = retryDelay(result, wait);
      waits.push(wait);
    }
    expect(FORWARD_RETRY_MS).toBe(1000);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    expect(FORWARD_RETRY_MAX_MS).toBe(60_000);
  });

  it('waits long after a refusal: the same packet would be refused again', () => {
    expect(retryDelay('refused', 0)).toBe(FORWARD_REFUSED_RETRY_MS);
    expect(FORWARD_REFUSED_RETRY_MS).toBe(600_000);
  });
});
