import { createReadStream, type ReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ServerLogFile } from '@envmon/shared';
import { DomainError } from '../../lib/errors.js';

/** The rotated pino files in LOG_DIR: listed, and downloaded one at a time by plain name. */
export class ServerLogService {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  async list(): Promise<ServerLogFile[]> {
    let entries;
    try {
      entries = await readdir(this.dir, { withFileTypes: true });
    } catch {
      return [];
    }
    const files = await Promise.all(
      entries
        .filter((e) => e.isFile())
        .map(async (e) => {
          const info = await stat(join(this.dir, e.name));
          return { fileName: e.name, size: info.size, modifiedTime: Math.round(info.mtimeMs) };
        }),
    );
    return files.sort((a, b) => b.modifiedTime - a.modifiedTime || a.fileName.localeCompare(b.fileName));
  }

  /** Only a file directly inside LOG_DIR: '..', '.', and names with separators resolve elsewhere. */
  async open(fileName: string): Promise<{ stream: ReadStream; size: number }> {
    const path = resolve(this.dir, fileName);
    if (dirname(path) !== this.dir) throw new DomainError('notFound');
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new DomainError('notFound');
    return { stream: createReadStream(path), size: info.size };
  }
}
