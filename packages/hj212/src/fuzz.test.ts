import { describe, expect, it } from 'vitest';
import { FrameDecoder } from './decoder.js';
import { frameSegment, parsePacket, serialisePacket } from './packet.js';
import { Rng, VECTORS } from './test-support.js';
import type { Hj212ErrorCode } from './types.js';

const ERROR_CODES = new Set<Hj212ErrorCode>([
  'NO_HEADER',
  'BAD_LENGTH',
  'LENGTH_MISMATCH',
  'BAD_CRC_FORMAT',
  'CRC_MISMATCH',
  'BAD_ENCODING',
  'BAD_SEGMENT',
  'MISSING_FIELD',
  'BAD_FIELD',
  'BAD_CP',
]);
const enc = new TextEncoder();
const SEEDS = [
  ...Object.values(VECTORS),
  frameSegment(
    'QN=20200101000000000;ST=21;CN=3020;PW=123456;MN=M1;Flag=7;PNUM=2;PNO=1;CP=&&DataTime=20200101000000123;i11001-Info=//清洗,管路;//;w01018-Rtd=1;Flag=N&&',
  ),
].map((s) => enc.encode(s));
/** Bytes that matter to the grammar, so mutations reach deep into the parser. */
const SYNTAX = [...enc.encode('#&;,=-/\r\n0123456789ABCDEFabcdefQNSTCPMNPWFlag水')];
const FRAGMENTS = [
  'CP=&&',
  '&&',
  ';',
  ',',
  '=',
  '//',
  '-Rtd=',
  'Flag=',
  'DataTime=',
  'ST=',
  'CN=2011',
  'PNUM=',
  '##',
  '清',
];

function mutate(rng: Rng, input: Uint8Array): Uint8Array {
  const out = [...input];
  const edits = 1 + rng.int(4);
  for (let e = 0; e < edits; e++) {
    const at = rng.int(out.length + 1);
    switch (rng.int(6)) {
      case 0:
        if (out.length > 0) out[at % out.length] = rng.int(256);
        break;
      case 1:
        if (out.length > 0) out[at % out.length] = rng.pick(SYNTAX);
        break;
      case 2:
        out.splice(at, 0, ...enc.encode(rng.pick(FRAGMENTS)));
        break;
      case 3:
        out.splice(at, 1 + rng.int(8));
        break;
      case 4:
        out.length = Math.min(out.length, at);
        break;
      default: {
        const from = rng.int(out.length + 1);
        out.splice(at, 0, ...out.slice(from, from + rng.int(40)));
      }
    }
  }
  return Uint8Array.from(out);
}

/** Re-frames a mutated data segment with a correct length and CRC, so the segment parser is what gets fuzzed. */
function reframe(rng: Rng): Uint8Array {
  const seed = new TextDecoder().decode(rng.pick(SEEDS));
  const segment = new TextDecoder().decode(mutate(rng, enc.encode(seed.slice(6, -4))));
  return enc.encode(frameSegment(segment));
}

function randomBytes(rng: Rng): Uint8Array {
  const out = new Uint8Array(rng.int(300));
  const syntaxOnly = rng.bool();
  for (let i = 0; i < out.length; i++) out[i] = syntaxOnly ? rng.pick(SYNTAX) : rng.int(256);
  if (rng.bool(0.3)) out.set(enc.encode(`##${String(rng.int(10_000)).padStart(4, '0')}`).subarray(0, out.length));
  return out;
}

describe('fuzz', () => {
  it('parsePacket only ever returns a message or a typed error, quickly, for 120,000 inputs', () => {
    const rng = new Rng(0x212);
    const counts = { ok: 0, error: 0 };
    let slowest = 0;
    const started = performance.now();
    for (let i = 0; i < 120_000; i++) {
      const kind = i % 3;
      const input = kind === 0 ? mutate(rng, rng.pick(SEEDS)) : kind === 1 ? reframe(rng) : randomBytes(rng);
      const t0 = performance.now();
      const result = parsePacket(input);
      slowest = Math.max(slowest, performance.now() - t0);
      if (result.ok) {
        counts.ok++;
        // Anything accepted must serialise and read back as the same message.
        const again = parsePacket(serialisePacket(result.message));
        expect(again.ok && again.message).toEqual(result.message);
      } else {
        counts.error++;
        if (!ERROR_CODES.has(result.error.code)) throw new Error(`unknown error code ${result.error.code}`);
      }
    }
    const elapsed = performance.now() - started;
    console.info(
      `fuzz: 120000 inputs, ${counts.ok} parsed, ${counts.error} typed errors, ${elapsed.toFixed(0)} ms total, slowest ${slowest.toFixed(2)} ms`,
    );
    expect(counts.ok).toBeGreaterThan(1_000);
    // Generous so a GC pause on a busy machine does not fail it; a pathological input would take seconds.
    expect(slowest).toBeLessThan(250);
  }, 60_000);

  it('FrameDecoder survives random streams cut at random points and stays within its buffer', () => {
    const rng = new Rng(9212);
    const decoder = new FrameDecoder({ maxBuffer: 2048 });
    let packets = 0;
    for (let i = 0; i < 5_000; i++) {
      const chunk = rng.bool(0.5) ? mutate(rng, rng.pick(SEEDS)) : rng.bool() ? rng.pick(SEEDS) : randomBytes(rng);
      for (const item of decoder.push(chunk)) if (item.kind === 'packet') packets++;
      expect(decoder.buffered).toBeLessThanOrEqual(2048);
    }
    expect(packets).toBeGreaterThan(1_000);
  }, 30_000);
});
