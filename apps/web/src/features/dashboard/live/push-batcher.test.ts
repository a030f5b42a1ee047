import { describe, expect, it, vi } from 'vitest';
import type { Alarm, LiveMessage } from '@envmon/shared';
import { ALARM_FLUSH_MS, createPushBatcher, DATA_FLUSH_MS } from './push-batcher';

const status = (deviceId: number): LiveMessage => ({
  type: 'status',
  deviceId,
  deviceCode: `MN${deviceId}`,
  online: true,
  at: 0,
});
const alarm = { id: 1 } as Alarm;

function setup() {
  vi.useFakeTimers();
  const flush = vi.fn<(alarms: Alarm[], messages: LiveMessage[]) => void>();
  const batcher = createPushBatcher(flush, {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
  });
  return { flush, batcher };
}

describe('createPushBatcher', () => {
  it('hands a thousand frames over in one batch a second', () => {
    const { flush, batcher } = setup();
    for (let id = 1; id <= 1000; id += 1) batcher.message(status(id));
    vi.advanceTimersByTime(DATA_FLUSH_MS - 1);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush.mock.calls[0]?.[1]).toHaveLength(1000);
    vi.useRealTimers();
  });

  it('does not hold an alarm back behind the frames: it brings the batch forward', () => {
    const { flush, batcher } = setup();
    batcher.message(status(1));
    vi.advanceTimersByTime(100);
    batcher.alarms([alarm]);
    vi.advanceTimersByTime(ALARM_FLUSH_MS);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenCalledWith([alarm], [status(1)]);
    vi.advanceTimersByTime(DATA_FLUSH_MS);
    expect(flush).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('drops what is queued once disposed', () => {
    const { flush, batcher } = setup();
    batcher.alarms([alarm]);
    batcher.dispose();
    vi.advanceTimersByTime(DATA_FLUSH_MS);
    expect(flush).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
