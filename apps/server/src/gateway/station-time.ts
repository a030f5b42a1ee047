import { formatHj212Time } from '@envmon/hj212';

/**
 * Request numbers (QN) for packets the platform starts: the time to the millisecond, as the
 * standard asks, made unique by stepping a millisecond past the last one issued.
 */
export class QnGenerator {
  private last = 0;

  constructor(
    private readonly now: () => number,
    private readonly utcOffsetMinutes = 480,
  ) {}

  next(): string {
    this.last = Math.max(this.now(), this.last + 1);
    return formatHj212Time(this.last, this.utcOffsetMinutes, true);
  }
}
