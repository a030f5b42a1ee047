/**
 * Collects items arriving at any rate and hands them over in batches, at most once per interval:
 * 1,000 stations reporting every second then cost four renders a second, not a thousand.
 */

export interface BatchTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** About four updates a second: live to the eye, cheap for the table. */
export const LIVE_BATCH_INTERVAL_MS = 250;

export interface MessageBatcher<T> {
  push(item: T): void;
  /** Hands over what is queued now (e.g. before the data it applies to is replaced). */
  flush(): void;
  /** Drops what is queued and stops the timer. */
  dispose(): void;
}

const browserTimers: BatchTimers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export function createMessageBatcher<T>(
  deliver: (items: T[]) => void,
  intervalMs: number = LIVE_BATCH_INTERVAL_MS,
  timers: BatchTimers = browserTimers,
): MessageBatcher<T> {
  let queue: T[] = [];
  let timer: unknown = null;
  let lastDelivery = Number.NEGATIVE_INFINITY;

  const flush = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    lastDelivery = timers.now();
    deliver(items);
  };

  return {
    push(item) {
      queue.push(item);
      if (timer !== null) return;
      const wait = Math.max(0, lastDelivery + intervalMs - timers.now());
      timer = timers.setTimeout(flush, wait);
    },
    flush,
    dispose() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      queue = [];
    },
  };
}
