/**
 * Bounds the log lines a stream of events can cause — where anyone can cause them (the gateway,
 * sign-in). In each fixed window a key is logged once, and at most `linesPerWindow` keys; the lines
 * left out are counted and reported with the first line of the next window.
 */
export class LogThrottle {
  private windowStart = Number.NEGATIVE_INFINITY;
  /** Keys logged in this window: never more than `linesPerWindow`. */
  private readonly logged = new Set<string>();
  private unlogged = 0;
  private unloggedBefore = 0;

  constructor(
    private readonly now: () => number,
    private readonly windowMs = 60_000,
    private readonly linesPerWindow = 20,
  ) {}

  /**
   * Null when the line for `key` is to be left out; otherwise the number of lines left out in
   * the previous window, to log with it (0 after the first line of a window).
   */
  take(key: string): number | null {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.logged.clear();
      this.unloggedBefore = this.unlogged;
      this.unlogged = 0;
    }
    if (this.logged.has(key) || this.logged.size >= this.linesPerWindow) {
      this.unlogged += 1;
      return null;
    }
    this.logged.add(key);
    const before = this.unloggedBefore;
    this.unloggedBefore = 0;
    return before;
  }
}
