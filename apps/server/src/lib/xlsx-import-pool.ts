import { createRequire } from 'node:module';
import type * as WorkerThreads from 'node:worker_threads';
import { Worker } from 'node:worker_threads';
import { tooManyRequests } from './errors.js';
import type { XlsxColumn, XlsxImportFailure } from './xlsx-import.js';
import {
  normalizeHeader,
  readXlsxSheet,
  xlsxCellOf,
  type XlsxReaderModules,
  type XlsxReadLimits,
  type XlsxReadOutcome,
} from './xlsx-import-reader.js';

/** A file to import: a Buffer, or an upload's chunks as they arrive. */
export type XlsxInput = Buffer | AsyncIterable<Uint8Array>;

/** Paths of exceljs and of the jszip it reads zips with, resolved here so the thread loads the same ones. */
interface ReaderModulePaths {
  exceljs: string;
  jszip: string;
}

/** To the thread, per file: what to read it as, then its chunks, then 'end'. */
type ReaderMessage = { columns: XlsxColumn[]; limits: XlsxReadLimits } | Uint8Array | 'end';

/** From the thread: the outcome, or the message of an error the reader did not expect. */
type ReaderReply = XlsxReadOutcome | { error: string };

/**
 * The reader thread's body: for each file it gathers the chunks the server forwards, then reads
 * the sheet. It runs from its source text, so it must not refer to anything else in this module.
 */
function readerThreadMain(read: typeof readXlsxSheet): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- a thread started from source text is a CommonJS script */
  const threads = require('node:worker_threads') as typeof WorkerThreads;
  const paths = threads.workerData as ReaderModulePaths;
  const modules: XlsxReaderModules = {
    ExcelJS: require(paths.exceljs) as XlsxReaderModules['ExcelJS'],
    JSZip: require(paths.jszip) as XlsxReaderModules['JSZip'],
    stream: require('node:stream') as XlsxReaderModules['stream'],
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const port = threads.parentPort;
  let file: { columns: XlsxColumn[]; limits: XlsxReadLimits; chunks: Buffer[] } | null = null;
  port?.on('message', (message: ReaderMessage) => {
    if (message instanceof Uint8Array) {
      file?.chunks.push(Buffer.from(message.buffer, message.byteOffset, message.byteLength));
    } else if (message !== 'end') {
      file = { ...message, chunks: [] };
    } else if (file) {
      const { columns, limits, chunks } = file;
      file = null;
      read(modules, Buffer.concat(chunks), columns, limits).then(
        (outcome) => port.postMessage(outcome satisfies ReaderReply),
        (err: unknown) =>
          port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies ReaderReply),
      );
    }
  });
}

// `__name` is what a transpiler that keeps function names inserts (Vitest runs the TypeScript
// sources through one); the thread has no such helper of its own.
const READER_SOURCE = `const __name = (fn) => fn;
${normalizeHeader.toString()}
${xlsxCellOf.toString()}
${readXlsxSheet.toString()}
(${readerThreadMain.toString()})(${readXlsxSheet.name});`;

const requireHere = createRequire(import.meta.url);
const EXCELJS_PATH = requireHere.resolve('exceljs');
const JSZIP_PATH = createRequire(EXCELJS_PATH).resolve('jszip');

export interface XlsxReaderPoolOptions {
  /** Files read at once, each in a thread of its own. */
  threads: number;
  /** Files waiting for a thread; past that an import is refused with 429 '请求过于频繁'. */
  queue: number;
  /** Heap a reader thread may use; past it the thread is ended and the file refused as too large. */
  maxHeapMb: number;
  /** Time a reader thread may take once the whole file is in; past it likewise. */
  timeoutMs: number;
  /** A thread idle this long is ended (starting one costs loading exceljs, about half a second). */
  idleMs: number;
}

/**
 * Reads xlsx imports off the event loop that serves stations and the API: in worker threads with
 * a heap limit and a time limit, at most `threads` files at once and `queue` waiting. The main
 * thread only forwards the upload's chunks as they arrive and receives the records or the failure.
 * A thread that answered is kept for the next file a while; one that failed, ran out of heap or
 * time, or whose upload broke off is ended, so nothing a hostile file left behind outlives it.
 */
export class XlsxReaderPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout; forget: () => void }[] = [];

  constructor(private readonly options: XlsxReaderPoolOptions) {}

  async read<F extends string>(
    input: XlsxInput,
    columns: readonly XlsxColumn<F>[],
    limits: XlsxReadLimits,
  ): Promise<XlsxReadOutcome<F>> {
    await this.slot();
    try {
      return await this.inThread(input, columns, limits);
    } finally {
      // The slot passes straight to the next file waiting, so no newcomer can slip in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private async slot(): Promise<void> {
    if (this.running < this.options.threads) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.options.queue) throw tooManyRequests();
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private thread(): Worker {
    const kept = this.idle.pop();
    if (kept) {
      clearTimeout(kept.timer);
      kept.worker.off('exit', kept.forget);
      return kept.worker;
    }
    const paths: ReaderModulePaths = { exceljs: EXCELJS_PATH, jszip: JSZIP_PATH };
    const worker = new Worker(READER_SOURCE, {
      eval: true,
      workerData: paths,
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
    });
    worker.unref();
    return worker;
  }

  private keep(worker: Worker): void {
    // A thread that ends while idle (its idle time up, or anything else) is not handed out again.
    const forget = () => {
      const at = this.idle.findIndex((kept) => kept.worker === worker);
      if (at >= 0) this.idle.splice(at, 1);
    };
    const timer = setTimeout(() => void worker.terminate(), this.options.idleMs);
    timer.unref();
    worker.once('exit', forget);
    this.idle.push({ worker, timer, forget });
  }

  private async inThread(
    input: XlsxInput,
    columns: readonly XlsxColumn[],
    limits: XlsxReadLimits,
  ): Promise<XlsxReadOutcome> {
    const worker = this.thread();
    let timedOut = false;
    let settled = false;
    let onMessage: (answer: ReaderReply) => void = () => undefined;
    let onError: (err: Error) => void = () => undefined;
    let onExit: (code: number) => void = () => undefined;
    const reply = new Promise<ReaderReply>((resolve, reject) => {
      onMessage = resolve;
      onError = reject;
      onExit = (code) => reject(new Error(`the xlsx reader thread exited (code ${code})`));
    });
    worker.once('message', onMessage).once('error', onError).once('exit', onExit);
    // Settled later; until then a thread that died must not count as unhandled.
    reply.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    try {
      worker.postMessage({
        columns: columns.map(({ header, field, required }) => ({ header, field, required })),
        limits,
      } satisfies ReaderMessage);
      // The whole upload is taken even when the thread has died, so that an oversize upload
      // always ends in the size error its chunks throw.
      for await (const chunk of Buffer.isBuffer(input) ? [input] : input) {
        const copy = new Uint8Array(chunk);
        worker.postMessage(copy satisfies ReaderMessage, [copy.buffer]);
      }
      worker.postMessage('end' satisfies ReaderMessage);
      timer = setTimeout(() => {
        timedOut = true;
        void worker.terminate();
      }, this.options.timeoutMs);
      const answer = await reply;
      if ('error' in answer) throw new Error(`the xlsx reader failed: ${answer.error}`);
      settled = true;
      return answer;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (timedOut || code === 'ERR_WORKER_OUT_OF_MEMORY') return { ok: false, failure: TOO_LARGE };
      throw err;
    } finally {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (settled) this.keep(worker);
      else void worker.terminate();
    }
  }
}

const TOO_LARGE: XlsxImportFailure = { kind: 'tooLarge' };
