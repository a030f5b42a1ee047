import type { Alarm, LiveMessage } from '@envmon/shared';

/** An alarm shows at once (the next moment, several in one batch); values and states gather for a second. */
export const ALARM_FLUSH_MS = 50;
export const DATA_FLUSH_MS = 1_000;

export interface BatcherTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const browserTimers: BatcherTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/**
 * Gathers pushed alarms and realtime frames and hands them over in one batch: within ALARM_FLUSH_MS of
 * an alarm, else within DATA_FLUSH_MS of the first frame — so a thousand stations reporting cost one
 * update a second, and an alarm is never held back behind them.
 */
export function createPushBatcher(
  flush: (alarms: Alarm[], messages: LiveMessage[]) => void,
  timers: BatcherTimers = browserTimers,
) {
  let alarms: Alarm[] = [];
  let messages: LiveMessage[] = [];
  let pending: { handle: unknown; due: number } | null = null;

  function run(): void {
    pending = null;
    const batch = { alarms, messages };
    alarms = [];
    messages = [];
    flush(batch.alarms, batch.messages);
  }

  function schedule(delay: number): void {
    const due = timers.now() + delay;
    if (pending && pending.due <= due) return;
    if (pending) timers.clearTimeout(pending.handle);
    pending = { handle: timers.setTimeout(run, delay), due };
  }

  return {
    alarms(pushed: readonly Alarm[]): void {
      alarms.push(...pushed);
      schedule(ALARM_FLUSH_MS);
    },
    message(message: LiveMessage): void {
      messages.push(message);
      schedule(DATA_FLUSH_MS);
    },
    dispose(): void {
      if (pending) timers.clearTimeout(pending.handle);
      pending = null;
      alarms = [];
      messages = [];
    },
  };
}
