import { describe, expect, it } from 'vitest';
import { type BatchTimers, createMessageBatcher } from './message-batcher';

/** A hand-driven clock: timers run when the test advances time. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: BatchTimers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = until;
  };
  return { timers, advance, pending };
}

describe('message batcher', () => {
  it('delivers the first message at once, then at most one batch per interval', () => {
    const { timers, advance } = fakeTimers();
    const batches: number[][] = [];
    const batcher = createMessageBatcher<number>((items) => batches.push(items), 250, timers);
    batcher.push(1);
    advance(0);
    expect(batches).toEqual([[1]]);
    for (let i = 2; i <= 1001; i++) batcher.push(i);
    advance(100);
    expect(batches).toHaveLength(1);
    advance(150);
    expect(batches).toHaveLength(2);
    expect(batches[1]).toHaveLength(1000);
    expect(batches[1]?.[0]).toBe(2);
  });

  it('a second of 1,000 stations each second costs about four deliveries', () => {
    const { timers, advance } = fakeTimers();
    let deliveries = 0;
    let delivered = 0;
    const batcher = createMessageBatcher<number>(
      (items) => {
        deliveries++;
        delivered += items.length;
      },
      250,
      timers,
    );
    for (let ms = 0; ms < 1000; ms++) {
      batcher.push(ms);
      advance(1);
    }
    advance(250);
    expect(delivered).toBe(1000);
    expect(deliveries).toBeLessThanOrEqual(5);
  });

  it('flushes on demand and drops the queue when disposed', () => {
    const { timers, advance, pending } = fakeTimers();
    const batches: string[][] = [];
    const batcher = createMessageBatcher<string>((items) => batches.push(items), 250, timers);
    batcher.push('a');
    batcher.flush();
    expect(batches).toEqual([['a']]);
    expect(pending.size).toBe(0);
    batcher.push('b');
    batcher.dispose();
    advance(1000);
    expect(batches).toEqual([['a']]);
    batcher.flush();
    expect(batches).toHaveLength(1);
  });
});
