import { formatCrc, hj212Crc, modbusCrc } from './crc.js';
import { parseSegment, serialiseSegment } from './segment.js';
import type { Hj212Error, Hj212FrameInfo, Hj212Message, Hj212ParseResult } from './types.js';

/** The 4-digit length field caps the data segment; devices do exceed the standard's 1024 (HJ212.md §2). */
export const MAX_SEGMENT_LENGTH = 9999;

export interface ParseOptions {
  /** Also accept byte-swapped CRC-16/MODBUS, as one field device sends (vector N03). Off by default. */
  acceptModbusCrc?: boolean;
}

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });
const HASH = 0x23;
const CR = 0x0d;
const LF = 0x0a;

function fail(code: Hj212Error['code'], detail: string): Hj212ParseResult {
  return { ok: false, error: { code, detail } };
}

function isDigit(b: number | undefined): boolean {
  return b !== undefined && b >= 0x30 && b <= 0x39;
}

function isHex(b: number | undefined): boolean {
  return b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));
}

/**
 * Parses one complete packet (`##` + length + segment + CRC, optionally followed by CRLF or a bare LF). Returns a
 * message or a typed error; never throws. The length may count UTF-8 bytes (standard) or characters (some vendors).
 */
export function parsePacket(input: string | Uint8Array, options: ParseOptions = {}): Hj212ParseResult {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  let end = bytes.length;
  if (bytes[end - 1] === LF) end--;
  if (bytes[end - 1] === CR) end--;
  if (end < 2 || bytes[0] !== HASH || bytes[1] !== HASH) return fail('NO_HEADER', 'packet does not start with ##');
  if (end < 10) return fail('LENGTH_MISMATCH', `packet too short (${end} bytes)`);
  let length = 0;
  for (let k = 2; k < 6; k++) {
    const b = bytes[k];
    if (!isDigit(b)) return fail('BAD_LENGTH', 'length field is not 4 decimal digits');
    length = length * 10 + ((b ?? 0) - 0x30);
  }
  const body = bytes.subarray(6, end - 4);
  let segment: string;
  try {
    segment = strictDecoder.decode(body);
  } catch {
    return fail('BAD_ENCODING', 'data segment is not valid UTF-8');
  }
  let lengthUnit: Hj212FrameInfo['lengthUnit'];
  if (body.length === length) lengthUnit = 'bytes';
  else if (segment.length === length) lengthUnit = 'chars';
  else {
    return fail(
      'LENGTH_MISMATCH',
      `length field says ${length}, data segment has ${body.length} bytes (${segment.length} chars)`,
    );
  }
  for (let k = end - 4; k < end; k++) {
    if (!isHex(bytes[k])) return fail('BAD_CRC_FORMAT', 'CRC field is not 4 hex digits');
  }
  // Four arguments rather than a spread subarray: this runs for every packet.
  const crcText = String.fromCharCode(
    bytes[end - 4] ?? 0,
    bytes[end - 3] ?? 0,
    bytes[end - 2] ?? 0,
    bytes[end - 1] ?? 0,
  );
  const received = parseInt(crcText, 16);
  let crcAlgorithm: Hj212FrameInfo['crcAlgorithm'] = 'hj212';
  const expected = hj212Crc(body);
  if (received !== expected) {
    const swapped = options.acceptModbusCrc === true ? swapBytes(modbusCrc(body)) : -1;
    if (received !== swapped) {
      return fail('CRC_MISMATCH', `CRC field ${crcText}, computed ${formatCrc(expected)}`);
    }
    crcAlgorithm = 'modbus-swapped';
  }
  const parsed = parseSegment(segment);
  if (!parsed.ok) return parsed;
  return { ok: true, message: parsed.message, frame: { length, lengthUnit, crc: crcText, crcAlgorithm } };
}

function swapBytes(n: number): number {
  return ((n & 0xff) << 8) | (n >> 8);
}

/** Frames a data segment: `##`, UTF-8 byte length, segment, upper-case CRC, CRLF. Throws RangeError when too long. */
export function frameSegment(segment: string): string {
  const bytes = encoder.encode(segment);
  if (bytes.length > MAX_SEGMENT_LENGTH) {
    throw new RangeError(`data segment is ${bytes.length} bytes, the length field allows ${MAX_SEGMENT_LENGTH}`);
  }
  return `##${String(bytes.length).padStart(4, '0')}${segment}${formatCrc(hj212Crc(bytes))}\r\n`;
}

/** Serialises a message to a complete packet, CRLF included. Throws RangeError for a message that cannot be framed. */
export function serialisePacket(message: Hj212Message): string {
  return frameSegment(serialiseSegment(message));
}
