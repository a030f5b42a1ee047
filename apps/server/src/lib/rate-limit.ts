import type { Clock } from './clock.js';

/**
 * A fixed-window counter per key, in memory: enough to stop one browser flooding the public
 * client-error endpoint. Several API processes each keep their own window, which is acceptable
 * for that purpose.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; false when the key is over its limit in the current window. */
  take(key: string): boolean {
    const now = this.clock.now();
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      this.prune(now);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= this.limit;
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
