import { MAX_SEGMENT_LENGTH, parsePacket, type ParseOptions } from './packet.js';
import type { Hj212ParseResult } from './types.js';

export type FrameDecoderErrorCode = 'GARBAGE' | 'BAD_LENGTH' | 'OVERSIZE' | 'BAD_FRAME';

export type FrameDecoderItem =
  /** A framed packet: `raw` is the packet as received (no CRLF); `result` is its parse, which may still fail (bad CRC). */
  | { kind: 'packet'; raw: Uint8Array; result: Hj212ParseResult }
  /** Bytes skipped while resynchronising on `##`. */
  | { kind: 'error'; error: { code: FrameDecoderErrorCode; detail: string }; skipped: number };

export interface FrameDecoderOptions extends ParseOptions {
  /** Largest declared data-segment length accepted (≤ 9999). */
  maxSegmentLength?: number;
  /** Most bytes held while waiting for the rest of a packet. */
  maxBuffer?: number;
}

const HASH = 0x23;
const CR = 0x0d;
const LF = 0x0a;
const AMP = 0x26;

const EMPTY = new Uint8Array(0);
/** A store up to this size is kept for reuse; a larger one shrinks once it is mostly empty. */
const SMALL_STORE = 4096;

/** A plain Uint8Array of its own: `slice` on a Node Buffer would return a view sharing the caller's memory. */
function copyOf(bytes: Uint8Array, start: number, end: number): Uint8Array {
  const copy = new Uint8Array(end - start);
  copy.set(bytes.subarray(start, end));
  return copy;
}

function isHex(b: number | undefined): boolean {
  return b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));
}

/**
 * Stream framing for one connection: push the bytes as they arrive and get back whole packets and resync errors.
 * Handles packets split at any byte, several in one chunk, garbage between packets, and lengths counted in bytes or
 * (with non-ASCII text) characters. Holds at most `maxBuffer` bytes.
 */
export class FrameDecoder {
  /**
   * The bytes held back are `store[0, held)`. The store is reused across pushes: allocating a typed array is costly
   * and a packet that arrives in many small chunks would otherwise cost one or two allocations per chunk.
   */
  private store: Uint8Array = EMPTY;
  private held = 0;
  private readonly maxSegmentLength: number;
  private readonly maxBuffer: number;
  private readonly parseOptions: ParseOptions;

  constructor(options: FrameDecoderOptions = {}) {
    this.maxSegmentLength = Math.min(options.maxSegmentLength ?? MAX_SEGMENT_LENGTH, MAX_SEGMENT_LENGTH);
    this.maxBuffer = Math.max(options.maxBuffer ?? 64 * 1024, 16);
    this.parseOptions = options.acceptModbusCrc === undefined ? {} : { acceptModbusCrc: options.acceptModbusCrc };
  }

  /** Bytes held back waiting for the rest of a packet. */
  get buffered(): number {
    return this.held;
  }

  reset(): void {
    this.store = EMPTY;
    this.held = 0;
  }

  push(chunk: Uint8Array): FrameDecoderItem[] {
    if (chunk.length === 0) return [];
    // Nothing held is the common case (a chunk of whole packets): read the chunk itself rather than a joined copy.
    // Whatever is kept or handed out is copied, so the caller may reuse its chunk.
    const inStore = this.held > 0;
    let joined = chunk;
    if (inStore) {
      this.reserve(this.held + chunk.length);
      this.store.set(chunk, this.held);
      joined = this.store.subarray(0, this.held + chunk.length);
    }
    const items: FrameDecoderItem[] = [];
    let pos = 0;
    let garbage = 0;
    const flushGarbage = (): void => {
      if (garbage > 0) {
        items.push({ kind: 'error', error: { code: 'GARBAGE', detail: 'bytes outside a packet' }, skipped: garbage });
        garbage = 0;
      }
    };
    const resync = (code: FrameDecoderErrorCode, detail: string): void => {
      flushGarbage();
      // Skip only the first '#': the real packet may start one byte later ("###0101…").
      items.push({ kind: 'error', error: { code, detail }, skipped: 1 });
      pos += 1;
    };

    while (pos < joined.length) {
      const b = joined[pos];
      if (b !== HASH || (pos + 1 < joined.length && joined[pos + 1] !== HASH)) {
        // Line endings after a packet are expected, not garbage.
        if (b !== CR && b !== LF) garbage++;
        pos++;
        continue;
      }
      if (pos + 6 > joined.length) break;
      let length = 0;
      let digits = true;
      for (let k = pos + 2; k < pos + 6; k++) {
        const d = joined[k] ?? 0;
        if (d < 0x30 || d > 0x39) digits = false;
        length = length * 10 + d - 0x30;
      }
      if (!digits) {
        resync('BAD_LENGTH', 'length field is not 4 decimal digits');
        continue;
      }
      if (length > this.maxSegmentLength) {
        resync('OVERSIZE', `declared length ${length} exceeds ${this.maxSegmentLength}`);
        continue;
      }
      const end = this.frameEnd(joined, pos, length);
      if (end === 'wait') break;
      if (end === 'oversize') {
        resync('OVERSIZE', `packet with declared length ${length} would not fit the ${this.maxBuffer}-byte buffer`);
        continue;
      }
      if (end === 'bad') {
        resync('BAD_FRAME', `no data segment ending in && followed by a CRC at declared length ${length}`);
        continue;
      }
      flushGarbage();
      const raw = copyOf(joined, pos, end);
      items.push({ kind: 'packet', raw, result: parsePacket(raw, this.parseOptions) });
      pos = end;
    }
    flushGarbage();

    // Only a packet start that fits maxBuffer is ever kept (frameEnd checks), so what is held stays bounded.
    this.keep(joined, pos, inStore);
    return items;
  }

  /** Makes room in the store for `size` bytes, keeping those held. */
  private reserve(size: number): void {
    if (size <= this.store.length) return;
    const store = new Uint8Array(Math.max(size, 2 * this.store.length, SMALL_STORE));
    store.set(this.store.subarray(0, this.held));
    this.store = store;
  }

  /** Holds `joined[from…]` for the next push; `joined` is either the caller's chunk or the front of the store. */
  private keep(joined: Uint8Array, from: number, inStore: boolean): void {
    const rest = joined.length - from;
    if (inStore) {
      this.store.copyWithin(0, from, joined.length);
    } else {
      this.reserve(rest);
      this.store.set(joined.subarray(from));
    }
    this.held = rest;
    // Do not sit on a large store (after a big chunk) for the life of an idle connection.
    if (this.store.length > SMALL_STORE && this.store.length > 4 * rest) {
      this.store = rest === 0 ? EMPTY : copyOf(this.store, 0, Math.max(rest * 2, SMALL_STORE));
    }
  }

  /** End offset (exclusive, before any CRLF) of the packet at `pos`, or whether to wait for more bytes. */
  private frameEnd(buf: Uint8Array, pos: number, length: number): number | 'wait' | 'bad' | 'oversize' {
    const byteEnd = pos + 6 + length + 4;
    if (byteEnd > buf.length) {
      return byteEnd - pos > this.maxBuffer ? 'oversize' : 'wait';
    }
    if (this.looksLikeEnd(buf, byteEnd)) return byteEnd;
    // Character-counted length: walk `length` UTF-16 units of UTF-8 from the segment start.
    let k = pos + 6;
    let units = 0;
    let sawMultiByte = false;
    while (units < length) {
      if (k >= buf.length) return k - pos > this.maxBuffer ? 'oversize' : 'wait';
      const lead = buf[k] ?? 0;
      const size = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
      if (size > 1) sawMultiByte = true;
      units += size === 4 ? 2 : 1;
      k += size;
    }
    if (!sawMultiByte) return 'bad';
    const charEnd = k + 4;
    if (charEnd > buf.length) return charEnd - pos > this.maxBuffer ? 'oversize' : 'wait';
    return this.looksLikeEnd(buf, charEnd) ? charEnd : 'bad';
  }

  /** `&&` then 4 hex digits just before `end`. */
  private looksLikeEnd(buf: Uint8Array, end: number): boolean {
    return (
      buf[end - 6] === AMP &&
      buf[end - 5] === AMP &&
      isHex(buf[end - 4]) &&
      isHex(buf[end - 3]) &&
      isHex(buf[end - 2]) &&
      isHex(buf[end - 1])
    );
  }
}
