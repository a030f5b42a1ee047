import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { demoHistoryRequests, requestDemoHistory, DEMO_HISTORY_DONE } from './demo-history.js';

const NOW = Date.UTC(2026, 10, 24, 10, 25); // 18:25 Beijing time

describe('demoHistoryRequests', () => {
  it('asks for the 31 days of whole hours and the 400 whole days before now, in Beijing time', () => {
    expect(demoHistoryRequests(NOW)).toEqual([
      // Last whole hour 17:00 (Beijing) on the 24th; 31 × 24 = 744 hours back to 18:00 on 24 October.
      { cn: '2061', cp: { BeginTime: '20261024180000', EndTime: '20261124170000' } },
      // Last whole Beijing day: 23 November; 400 days back to 20 October 2025 (365 days to 23 Nov 2025, 34 more).
      { cn: '2031', cp: { BeginTime: '20251020000000', EndTime: '20261123000000' } },
    ]);
  });
});

describe('requestDemoHistory', () => {
  const log = { info: vi.fn(), warn: vi.fn() };

  it('waits for each station to connect, then sends both backfills, carrying on after an unfinished one', async () => {
    let polls = 0;
    const sendCommand = vi.fn((code: string, request: { cn: string }) =>
      Promise.resolve(
        request.cn === '2061'
          ? { ok: false as const, qn: 'q', reason: 'timeout' as const, qnRtn: 1, exeRtn: null, attempts: 1 }
          : { ok: true as const, qn: 'q', qnRtn: 1, exeRtn: 1, attempts: 1 },
      ),
    );
    const gateway = { isConnected: (code: string) => code === 'A' || ++polls > 2, sendCommand };
    await requestDemoHistory({ gateway, clock: new ManualClock(NOW), log, sleep: () => Promise.resolve() }, ['A', 'B']);
    expect(sendCommand.mock.calls.map(([code, request]) => `${code}:${request.cn}`).sort()).toEqual([
      'A:2031',
      'A:2061',
      'B:2031',
      'B:2061',
    ]);
    expect(log.warn).toHaveBeenCalledWith(
      { mn: 'A', cn: '2061', reason: 'timeout' },
      'demo history: backfill unfinished',
    );
    // Said once, after every station's requests (the browser tests wait for it).
    expect(log.info).toHaveBeenLastCalledWith({ stations: 2 }, DEMO_HISTORY_DONE);
  });

  it('gives a station up after a minute without a connection', async () => {
    const sendCommand = vi.fn();
    const sleep = vi.fn(() => Promise.resolve());
    await requestDemoHistory(
      { gateway: { isConnected: () => false, sendCommand }, clock: new ManualClock(NOW), log, sleep },
      ['GONE'],
    );
    expect(sendCommand).not.toHaveBeenCalled();
    expect(sleep).toHaveBeenCalledTimes(120);
    expect(log.warn).toHaveBeenCalledWith({ mn: 'GONE' }, 'demo history: the station did not connect');
  });
});
