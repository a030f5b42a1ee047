import { JOB_LIMITS } from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';

/**
 * A run's log: timestamped lines, each cut to JOB_LIMITS.logLineMax characters, at most JOB_LIMITS.logLinesMax of
 * them (the last line says how many more were left out), so a run's record stays small whatever the job does.
 */
export class JobRunLog {
  private readonly kept: string[] = [];
  private dropped = 0;

  constructor(private readonly clock: Clock) {}

  info(line: string): void {
    if (this.kept.length >= JOB_LIMITS.logLinesMax - 1) {
      this.dropped += 1;
      return;
    }
    const stamped = `${new Date(this.clock.now()).toISOString()} ${line.replace(/\s+/g, ' ').trim()}`;
    this.kept.push(
      stamped.length > JOB_LIMITS.logLineMax ? `${stamped.slice(0, JOB_LIMITS.logLineMax - 1)}…` : stamped,
    );
  }

  lines(): string[] {
    return this.dropped === 0 ? [...this.kept] : [...this.kept, `… ${this.dropped} more lines left out`];
  }
}
