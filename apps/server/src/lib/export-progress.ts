import { randomBytes } from 'node:crypto';
import type { ExportProgress } from '@envmon/shared';
import type { Clock } from './clock.js';

interface Job {
  userId: number;
  rows: number;
  total: number | null;
  state: ExportProgress['state'];
  touchedAt: number;
}

/** How long a finished or abandoned export's progress stays readable after its last change. */
export const EXPORT_PROGRESS_TTL_MS = 10 * 60_000;

/**
 * How far each running export has got, for the console's progress indicator. The download itself
 * goes to the browser's own download; the console polls this by the id the export's first step
 * answered with. Kept in memory, like the download tickets: the process that streams the file
 * is the one that counts its rows. Only the user who started an export can read its progress.
 */
export class ExportProgressRegistry {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = EXPORT_PROGRESS_TTL_MS,
    /** Bounds the memory a caller starting exports and never downloading them can take. */
    private readonly maxJobs = 10_000,
  ) {}

  /** A new export, waiting for its download to start. */
  create(userId: number): string {
    const now = this.clock.now();
    this.sweep(now);
    if (this.jobs.size >= this.maxJobs) {
      const oldest = this.jobs.keys().next();
      if (!oldest.done) this.jobs.delete(oldest.value);
    }
    const id = randomBytes(12).toString('base64url');
    this.jobs.set(id, { userId, rows: 0, total: null, state: 'waiting', touchedAt: now });
    return id;
  }

  /** The download started; `total` is the rows it will write when known up front. */
  start(id: string, total: number | null): void {
    this.update(id, (job) => ({ ...job, state: 'running', total }));
  }

  /** `rows` more rows are written. */
  advance(id: string, rows: number): void {
    this.update(id, (job) => ({ ...job, rows: job.rows + rows }));
  }

  finish(id: string, state: 'done' | 'failed'): void {
    this.update(id, (job) => ({ ...job, state }));
  }

  /** The export's progress, for the user who started it only. */
  read(id: string, userId: number): ExportProgress | null {
    const job = this.jobs.get(id);
    if (!job || job.userId !== userId || this.clock.now() - job.touchedAt >= this.ttlMs) return null;
    return { rows: job.rows, total: job.total, state: job.state };
  }

  private update(id: string, change: (job: Job) => Job): void {
    const job = this.jobs.get(id);
    if (!job) return;
    // Re-inserted so the map stays in order of last change, which is what the sweep relies on.
    this.jobs.delete(id);
    this.jobs.set(id, { ...change(job), touchedAt: this.clock.now() });
  }

  private sweep(now: number): void {
    for (const [id, job] of this.jobs) {
      if (now - job.touchedAt < this.ttlMs) return;
      this.jobs.delete(id);
    }
  }
}
