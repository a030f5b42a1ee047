import type { ForwardStatus } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { forwardState, lagOf } from './forward-state';

const idle: ForwardStatus = {
  connected: false,
  queued: 0,
  sent: 0,
  acknowledged: 0,
  dropped: 0,
  lastErrorKind: null,
  lastError: null,
  lastErrorTime: null,
  lastSendTime: null,
  lastAckTime: null,
  lastDataTime: null,
};

describe('forwardState', () => {
  it('is not connected before anything happened, connected once the link is up', () => {
    expect(forwardState(idle, true, true)).toBe('notConnected');
    expect(forwardState({ ...idle, connected: true }, true, true)).toBe('connected');
  });

  it('is acknowledged once the upstream answered and nothing waits, sent where no answer is asked for', () => {
    const done = { ...idle, connected: true, sent: 3, acknowledged: 3 };
    expect(forwardState(done, true, true)).toBe('acknowledged');
    expect(forwardState({ ...done, acknowledged: 0 }, true, false)).toBe('sent');
    expect(forwardState({ ...done, acknowledged: 0 }, true, true)).toBe('connected');
  });

  it('is sending while a backlog waits, failing whenever an error stands, disabled when switched off', () => {
    const backlog = { ...idle, connected: true, sent: 3, acknowledged: 3, queued: 5 };
    expect(forwardState(backlog, true, true)).toBe('sending');
    const failing = { ...backlog, lastErrorKind: 'timeout', lastError: 'after 2 sends' } as const;
    expect(forwardState(failing, true, true)).toBe('failing');
    expect(forwardState(failing, false, true)).toBe('disabled');
    // A status written before kinds were recorded fails all the same.
    expect(forwardState({ ...backlog, lastError: 'no answer' }, true, true)).toBe('failing');
  });
});

describe('lagOf', () => {
  const now = Date.UTC(2026, 11, 1, 12);
  it('counts in the largest whole unit', () => {
    expect(lagOf(now - 42_000, now)).toEqual({ unit: 'seconds', count: 42 });
    expect(lagOf(now - 95_000, now)).toEqual({ unit: 'minutes', count: 1 });
    expect(lagOf(now - 3 * 3_600_000 - 1, now)).toEqual({ unit: 'hours', count: 3 });
    expect(lagOf(now - 2 * 86_400_000, now)).toEqual({ unit: 'days', count: 2 });
  });

  it('is none before data reached the upstream, and never negative', () => {
    expect(lagOf(null, now)).toBeNull();
    expect(lagOf(now + 5000, now)).toEqual({ unit: 'seconds', count: 0 });
  });
});
