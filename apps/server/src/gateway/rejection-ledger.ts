export interface RejectionLimits {
  windowMs: number;
  /** Rejected packets kept as original records per sender (remote address and MN) per window… */
  samplesPerSender: number;
  /** …and in all per window, so that a client rotating MNs keeps no more. */
  samplesPerWindow: number;
  /** Senders counted one by one per window; the rest are counted together. */
  maxSenders: number;
  /** Characters of a kept packet's raw text: the header and the first fields are what diagnose it. */
  maxRawLength: number;
}

export const DEFAULT_REJECTION_LIMITS: RejectionLimits = {
  windowMs: 60_000,
  samplesPerSender: 3,
  samplesPerWindow: 60,
  maxSenders: 1_000,
  maxRawLength: 1_024,
};

/** How many senders a window's summary names, most rejections first. */
const SUMMARY_SENDERS = 20;

export interface RejectedSender {
  remote: string;
  mn: string | null;
  /** The reason of its latest rejected packet. */
  reason: string;
  count: number;
}

/** What was rejected in one window, for the log. */
export interface RejectionSummary {
  /** When the window began (its first rejection). */
  since: number;
  total: number;
  kept: number;
  /** The senders with the most rejections. */
  senders: RejectedSender[];
  /** Senders counted but not named, and the rejections of every sender not named. */
  otherSenders: number;
  otherRejections: number;
}

/**
 * Rejected packets, counted per sender (remote address and MN) in fixed windows: anyone who
 * reaches the gateway can send them as fast as the network allows, so only a bounded sample is
 * kept as original records — enough for an operator to see why a misconfigured station is
 * turned away — and the rest become counts, summarised once per window.
 */
export class RejectionLedger {
  private windowStart = Number.NEGATIVE_INFINITY;
  private readonly senders = new Map<string, RejectedSender & { kept: number }>();
  private total = 0;
  private kept = 0;

  constructor(
    private readonly report: (summary: RejectionSummary) => void,
    private readonly limits: RejectionLimits = DEFAULT_REJECTION_LIMITS,
  ) {}

  get windowMs(): number {
    return this.limits.windowMs;
  }

  /** Counts a rejected packet; true when it is to be kept as an original record. */
  record(remoteAddress: string, mn: string | null, reason: string, now: number): boolean {
    if (now - this.windowStart >= this.limits.windowMs) {
      this.flush();
      this.windowStart = now;
    }
    this.total += 1;
    const key = `${remoteAddress}\u0000${mn ?? ''}`;
    let sender = this.senders.get(key);
    if (!sender) {
      if (this.senders.size >= this.limits.maxSenders) return false;
      sender = { remote: remoteAddress, mn, reason, count: 0, kept: 0 };
      this.senders.set(key, sender);
    }
    sender.count += 1;
    sender.reason = reason;
    if (sender.kept >= this.limits.samplesPerSender || this.kept >= this.limits.samplesPerWindow) return false;
    sender.kept += 1;
    this.kept += 1;
    return true;
  }

  /** The raw text as kept: cut to the bound, with the full length noted. */
  keptRaw(raw: string): string {
    const max = this.limits.maxRawLength;
    return raw.length <= max ? raw : `${raw.slice(0, max)}… (${raw.length} characters)`;
  }

  /** Reports the current window, if anything was rejected in it; the next rejection starts a new one. */
  flush(): void {
    if (this.total > 0) {
      const all = [...this.senders.values()].sort((a, b) => b.count - a.count);
      const named = all.slice(0, SUMMARY_SENDERS);
      this.report({
        since: this.windowStart,
        total: this.total,
        kept: this.kept,
        senders: named.map(({ remote, mn, reason, count }) => ({ remote, mn, reason, count })),
        otherSenders: all.length - named.length,
        otherRejections: this.total - named.reduce((n, s) => n + s.count, 0),
      });
    }
    this.windowStart = Number.NEGATIVE_INFINITY;
    this.senders.clear();
    this.total = 0;
    this.kept = 0;
  }
}
