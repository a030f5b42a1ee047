import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import pino from 'pino';

type FileStream = ReturnType<typeof pino.destination>;

export interface LogFileOptions {
  dir: string;
  /** Files are named <base>.<yyyy-MM-dd>.<n>.log. */
  base: string;
  /** No file grows past this many bytes (a single longer line still gets a file of its own). */
  maxBytes: number;
  /** Older files kept besides the one being written. */
  keep: number;
}

interface LogFileName {
  name: string;
  day: string;
  number: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (time: Date) => `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
const nextMidnight = (time: Date) => new Date(time.getFullYear(), time.getMonth(), time.getDate() + 1).getTime();

/**
 * A pino destination writing a new file each local day and before any line that would take the
 * current file past maxBytes. The size is counted as lines are handed over, not as the disk
 * catches up: pino-roll counted written bytes and rolled on the stream's 'drain', which a steady
 * flow of lines postpones indefinitely (a 20 MB file was seen at 29.7 MB). A file's own stream
 * is ended when the next one starts, so what it buffered still lands in it.
 */
export class LogFile {
  private stream: FileStream;
  private size = 0;
  private day: string;
  private dayEnds: number;
  private number = 1;

  constructor(private readonly options: LogFileOptions) {
    mkdirSync(options.dir, { recursive: true });
    const now = new Date();
    this.day = localDay(now);
    this.dayEnds = nextMidnight(now);
    // A restart goes on in today's last file.
    const last = this.files()
      .filter((f) => f.day === this.day)
      .at(-1);
    if (last) {
      this.number = last.number;
      this.size = statSync(join(options.dir, last.name)).size;
    }
    this.stream = this.open();
  }

  write(line: string): boolean {
    const bytes = Buffer.byteLength(line);
    const now = Date.now();
    if (now >= this.dayEnds) {
      const today = new Date(now);
      this.day = localDay(today);
      this.dayEnds = nextMidnight(today);
      this.number = 0;
      this.roll();
    } else if (this.size > 0 && this.size + bytes > this.options.maxBytes) {
      this.roll();
    }
    this.size += bytes;
    return this.stream.write(line);
  }

  /** Writes what is buffered, closes the file and removes files past the ones kept. */
  async end(): Promise<void> {
    await closed(this.stream);
    await this.prune().catch(() => undefined);
  }

  private roll(): void {
    void closed(this.stream);
    this.number += 1;
    this.size = 0;
    this.stream = this.open();
    // Once the new file exists; the ones before it have been opened earlier.
    this.stream.once('ready', () => {
      this.prune().catch(() => undefined);
    });
  }

  private open(): FileStream {
    const name = `${this.options.base}.${this.day}.${this.number}.log`;
    const stream = pino.destination({ dest: join(this.options.dir, name), append: true, sync: false });
    // The log cannot report its own failure; an unhandled 'error' would end the process.
    stream.on('error', (err: Error) => process.stderr.write(`log file ${name}: ${err.message}\n`));
    return stream;
  }

  /** This base's files, oldest first. */
  private files(): LogFileName[] {
    const pattern = new RegExp(`^${this.options.base.replace(/\W/g, '\\$&')}\\.(\\d{4}-\\d{2}-\\d{2})\\.(\\d+)\\.log$`);
    return readdirSync(this.options.dir)
      .flatMap((name) => {
        const match = pattern.exec(name);
        return match?.[1] && match[2] ? [{ name, day: match[1], number: Number(match[2]) }] : [];
      })
      .sort((a, b) => a.day.localeCompare(b.day) || a.number - b.number);
  }

  /** Best effort: a file that cannot be removed now is removed at a later roll. Only files before the current one count. */
  private async prune(): Promise<void> {
    const earlier = this.files().filter((f) => f.day < this.day || (f.day === this.day && f.number < this.number));
    const old = earlier.slice(0, Math.max(0, earlier.length - this.options.keep));
    await Promise.all(old.map((f) => unlink(join(this.options.dir, f.name))));
  }
}

function closed(stream: FileStream): Promise<void> {
  return new Promise((resolve) => {
    stream.once('close', () => resolve());
    stream.end();
  });
}
