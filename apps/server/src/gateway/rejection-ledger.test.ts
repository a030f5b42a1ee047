import { describe, expect, it } from 'vitest';
import { LogThrottle } from '../lib/log-throttle.js';
import { RejectionLedger, type RejectionLimits, type RejectionSummary } from './rejection-ledger.js';

const LIMITS: RejectionLimits = {
  windowMs: 1000,
  samplesPerSender: 2,
  samplesPerWindow: 3,
  maxSenders: 3,
  maxRawLength: 10,
};

describe('RejectionLedger', () => {
  it('keeps a few packets per sender and a few per window, and counts every one', () => {
    const summaries: RejectionSummary[] = [];
    const ledger = new RejectionLedger((s) => summaries.push(s), LIMITS);
    const kept = [
      ledger.record('10.0.0.1', 'A', 'unknown MN', 0),
      ledger.record('10.0.0.1', 'A', 'unknown MN', 1),
      ledger.record('10.0.0.1', 'A', 'unknown MN', 2),
      ledger.record('10.0.0.1', 'B', 'wrong PW', 3),
      ledger.record('10.0.0.2', 'A', 'unknown MN', 4),
    ];
    expect(kept).toEqual([true, true, false, true, false]);
    expect(summaries).toEqual([]);

    // The next window starts afresh and reports the last one.
    expect(ledger.record('10.0.0.2', 'A', 'unknown MN', 1000)).toBe(true);
    expect(summaries).toEqual([
      {
        since: 0,
        total: 5,
        kept: 3,
        senders: [
          { remote: '10.0.0.1', mn: 'A', reason: 'unknown MN', count: 3 },
          { remote: '10.0.0.1', mn: 'B', reason: 'wrong PW', count: 1 },
          { remote: '10.0.0.2', mn: 'A', reason: 'unknown MN', count: 1 },
        ],
        otherSenders: 0,
        otherRejections: 0,
      },
    ]);
  });

  it('counts senders beyond its bound together, keeping none of theirs', () => {
    const summaries: RejectionSummary[] = [];
    const ledger = new RejectionLedger((s) => summaries.push(s), { ...LIMITS, samplesPerWindow: 100 });
    const kept = ['A', 'B', 'C', 'D', 'E'].map((mn) => ledger.record('10.0.0.1', mn, 'unknown MN', 0));
    expect(kept).toEqual([true, true, true, false, false]);
    ledger.flush();
    expect(summaries[0]).toMatchObject({ total: 5, kept: 3, otherRejections: 2 });
    expect(summaries[0]?.senders).toHaveLength(3);
  });

  it('starts a new window with the first rejection after a flush', () => {
    const summaries: RejectionSummary[] = [];
    const ledger = new RejectionLedger((s) => summaries.push(s), LIMITS);
    ledger.record('10.0.0.1', 'A', 'unknown MN', 0);
    ledger.flush();
    ledger.flush();
    expect(ledger.record('10.0.0.1', 'A', 'unknown MN', 10)).toBe(true);
    ledger.flush();
    expect(summaries.map((s) => [s.since, s.total])).toEqual([
      [0, 1],
      [10, 1],
    ]);
  });

  it('cuts a kept packet to its bound and says how long it was', () => {
    const ledger = new RejectionLedger(() => undefined, LIMITS);
    expect(ledger.keptRaw('##0001ABCD')).toBe('##0001ABCD');
    expect(ledger.keptRaw('##0002ABCDE')).toBe('##0002ABCD… (11 characters)');
  });
});

describe('LogThrottle', () => {
  it('logs a key once per window and a bounded number of keys, reporting what it left out', () => {
    let now = 0;
    const throttle = new LogThrottle(() => now, 1000, 2);
    expect(['a', 'a', 'b', 'c', 'd'].map((k) => throttle.take(k))).toEqual([0, null, 0, null, null]);
    now = 1000;
    expect(['a', 'a', 'b'].map((k) => throttle.take(k))).toEqual([3, null, 0]);
  });
});
