import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { XlsxReaderPool, type XlsxReaderPoolOptions } from './xlsx-import-pool.js';

const COLUMNS = [{ header: '名称', field: 'name', required: true }];
const LIMITS = { maxRows: 10, maxUnpackedBytes: 1024 * 1024 };
const OPTIONS: XlsxReaderPoolOptions = { threads: 1, queue: 4, maxHeapMb: 128, timeoutMs: 60_000, idleMs: 1000 };

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  sheet.addRow(['名称']);
  sheet.addRow(['A']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const READ = { ok: true, records: [{ row: 2, values: { name: 'A' } }] };

describe('XlsxReaderPool', () => {
  it('reads an upload chunk by chunk in a thread', async () => {
    const data = await workbook();
    const chunks = Readable.from(
      Array.from({ length: Math.ceil(data.length / 100) }, (_, i) => data.subarray(i * 100, i * 100 + 100)),
    );
    expect(await new XlsxReaderPool(OPTIONS).read(chunks, COLUMNS, LIMITS)).toEqual(READ);
  });

  it('refuses a file with 429 while a thread is busy and the queue is full, and reads the next once it is free', async () => {
    const pool = new XlsxReaderPool({ ...OPTIONS, queue: 0 });
    const data = await workbook();
    let finish = () => undefined as void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    async function* slowUpload() {
      yield data;
      await held;
    }
    const first = pool.read(slowUpload(), COLUMNS, LIMITS);
    const refused = await pool.read(data, COLUMNS, LIMITS).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(429);
    finish();
    expect(await first).toEqual(READ);
    expect(await pool.read(data, COLUMNS, LIMITS)).toEqual(READ);
  });

  it("answers an upload that breaks off with the upload's own error, and the next file still reads", async () => {
    const pool = new XlsxReaderPool(OPTIONS);
    const data = await workbook();
    async function* brokenUpload() {
      yield data.subarray(0, 10);
      // The client goes quiet, then the connection drops.
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('upload broke off');
    }
    await expect(pool.read(brokenUpload(), COLUMNS, LIMITS)).rejects.toThrow('upload broke off');
    expect(await pool.read(data, COLUMNS, LIMITS)).toEqual(READ);
  });

  it('refuses a file as too large when its thread runs out of time', async () => {
    const pool = new XlsxReaderPool({ ...OPTIONS, timeoutMs: 0 });
    expect(await pool.read(await workbook(), COLUMNS, LIMITS)).toEqual({ ok: false, failure: { kind: 'tooLarge' } });
  });

  it('refuses a file as too large when its thread runs out of heap, and the process lives on', async () => {
    // A heap too small even for exceljs: the thread dies of it, as it would reading a hostile file.
    const pool = new XlsxReaderPool({ ...OPTIONS, maxHeapMb: 2 });
    expect(await pool.read(await workbook(), COLUMNS, LIMITS)).toEqual({ ok: false, failure: { kind: 'tooLarge' } });
  });

  it('keeps a thread that answered for the next file, and starts another when the kept one has ended', async () => {
    const pool = new XlsxReaderPool(OPTIONS);
    const data = await workbook();
    const started: Worker[] = [];
    const spawn = (pool as unknown as { thread(): Worker }).thread.bind(pool);
    (pool as unknown as { thread(): Worker }).thread = () => {
      const worker = spawn();
      if (!started.includes(worker)) started.push(worker);
      return worker;
    };
    expect(await pool.read(data, COLUMNS, LIMITS)).toEqual(READ);
    expect(await pool.read(data, COLUMNS, LIMITS)).toEqual(READ);
    expect(started).toHaveLength(1);
    await started[0]?.terminate();
    expect(await pool.read(data, COLUMNS, LIMITS)).toEqual(READ);
    expect(started).toHaveLength(2);
  });
});
