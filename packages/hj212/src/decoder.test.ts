import { describe, expect, it } from 'vitest';
import { FrameDecoder, type FrameDecoderItem } from './decoder.js';
import { frameSegment } from './packet.js';
import { VECTORS } from './test-support.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

const CHINESE = frameSegment(
  'QN=20200101000000000;ST=21;CN=3020;PW=123456;MN=M1;Flag=4;CP=&&i11001-Info=//清洗管路//&&',
);
const CHINESE_SEGMENT = CHINESE.slice(6, -6);
const CHAR_COUNTED = `##${String(CHINESE_SEGMENT.length).padStart(4, '0')}${CHINESE.slice(6)}`;
const PACKETS = [`${VECTORS.V01}\r\n`, `${VECTORS.V02}\n`, VECTORS.V04, `${VECTORS.X01}\r\n`, CHINESE, CHAR_COUNTED];

function packets(items: FrameDecoderItem[]): string[] {
  return items.flatMap((item) => (item.kind === 'packet' ? [dec(item.raw)] : []));
}

const trimmed = (p: string): string => p.replace(/\r?\n$/, '');

describe('FrameDecoder', () => {
  it('decodes each packet split at every byte position', () => {
    for (const packet of PACKETS) {
      const bytes = enc(packet);
      for (let cut = 1; cut < bytes.length; cut++) {
        const decoder = new FrameDecoder();
        const items = [...decoder.push(bytes.subarray(0, cut)), ...decoder.push(bytes.subarray(cut))];
        expect(items.filter((i) => i.kind === 'error')).toEqual([]);
        expect(packets(items)).toEqual([trimmed(packet)]);
        expect(decoder.buffered).toBe(0);
      }
    }
  });

  it('decodes a stream fed one byte at a time', () => {
    const decoder = new FrameDecoder();
    const items = [...enc(PACKETS.join(''))].flatMap((b) => decoder.push(Uint8Array.of(b)));
    expect(packets(items)).toEqual(PACKETS.map(trimmed));
    expect(items.every((i) => i.kind === 'packet' && i.result.ok)).toBe(true);
  });

  it('decodes several packets in one chunk', () => {
    const items = new FrameDecoder().push(enc(PACKETS.join('')));
    expect(packets(items)).toEqual(PACKETS.map(trimmed));
    expect(items.filter((i) => i.kind === 'packet' && i.result.ok)).toHaveLength(PACKETS.length);
  });

  it('skips garbage between packets and resynchronises on ##', () => {
    const stream = `hello\x00\xff#${VECTORS.V01}\r\nGET / HTTP/1.1\r\n##xyz#${VECTORS.X01}##9999abc`;
    const decoder = new FrameDecoder({ maxBuffer: 4096 });
    const items = decoder.push(enc(stream));
    expect(packets(items)).toEqual([VECTORS.V01, VECTORS.X01]);
    const errors = items.flatMap((i) => (i.kind === 'error' ? [i.error.code] : []));
    expect(errors).toContain('GARBAGE');
    expect(errors).toContain('BAD_LENGTH');
    expect(errors).toContain('OVERSIZE');
  });

  it('hands over a framed packet with a bad CRC as a packet whose parse failed', () => {
    const [item] = new FrameDecoder().push(enc(`${VECTORS.N01}\r\n`));
    expect(item).toMatchObject({ kind: 'packet', result: { ok: false, error: { code: 'CRC_MISMATCH' } } });
  });

  it('rejects a declared length it cannot frame and finds the next packet', () => {
    const items = new FrameDecoder().push(
      enc(`##0050QN=1;ST=21;CN=2011&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&${VECTORS.X01}`),
    );
    expect(items[0]).toMatchObject({ kind: 'error', error: { code: 'BAD_FRAME' } });
    expect(packets(items)).toEqual([VECTORS.X01]);
  });

  it('never holds more than maxBuffer bytes', () => {
    const decoder = new FrameDecoder({ maxSegmentLength: 9999, maxBuffer: 1024 });
    const items = decoder.push(enc(`##5000${'a'.repeat(900)}`));
    expect(items[0]).toMatchObject({ kind: 'error', error: { code: 'OVERSIZE' } });
    expect(decoder.buffered).toBeLessThanOrEqual(1024);
    for (let i = 0; i < 100; i++) decoder.push(enc('x'.repeat(100)));
    expect(decoder.buffered).toBe(0);
    expect(packets(decoder.push(enc(VECTORS.V01)))).toEqual([VECTORS.V01]);
  });

  it('rejects lengths above maxSegmentLength', () => {
    const items = new FrameDecoder({ maxSegmentLength: 100 }).push(enc(VECTORS.V01));
    expect(items[0]).toMatchObject({ kind: 'error', error: { code: 'OVERSIZE' } });
    expect(packets(items)).toEqual([]);
  });

  it('keeps a lone # at the end of a chunk for the next one', () => {
    const decoder = new FrameDecoder();
    expect(decoder.push(enc('#'))).toEqual([]);
    expect(packets(decoder.push(enc(VECTORS.V01.slice(1))))).toEqual([VECTORS.V01]);
  });

  it('reset drops a partial packet', () => {
    const decoder = new FrameDecoder();
    decoder.push(enc(VECTORS.V01.slice(0, 50)));
    decoder.reset();
    expect(decoder.buffered).toBe(0);
    expect(packets(decoder.push(enc(VECTORS.X01)))).toEqual([VECTORS.X01]);
  });
});

describe('FrameDecoder buffering', () => {
  const STREAM = enc(PACKETS.join(''));

  it('gives the same items for a stream cut into chunks of any size as for the whole stream', () => {
    const whole = new FrameDecoder().push(STREAM);
    for (let size = 1; size <= 97; size++) {
      const decoder = new FrameDecoder();
      const items: FrameDecoderItem[] = [];
      for (let at = 0; at < STREAM.length; at += size) items.push(...decoder.push(STREAM.subarray(at, at + size)));
      expect(items).toEqual(whole);
      expect(decoder.buffered).toBe(0);
    }
  });

  it('hands out packets of their own: a plain Uint8Array, not a view on the chunk the caller may reuse', () => {
    const first = enc(`${VECTORS.V01}\r\n${VECTORS.X01}\r\n`);
    const second = enc(`${VECTORS.V04}\r\n`);
    const decoder = new FrameDecoder();
    const chunkA = Buffer.concat([first, second.subarray(0, 100)]);
    const items = decoder.push(chunkA);
    chunkA.fill(0x23);
    const chunkB = Buffer.from(second.subarray(100));
    items.push(...decoder.push(chunkB));
    chunkB.fill(0x23);
    expect(packets(items)).toEqual([VECTORS.V01, VECTORS.X01, VECTORS.V04]);
    for (const item of items) {
      if (item.kind !== 'packet') throw new Error('expected only packets');
      expect(item.raw.constructor).toBe(Uint8Array);
      expect(item.raw.byteOffset).toBe(0);
      expect(item.raw.buffer.byteLength).toBe(item.raw.length);
      expect(item.result.ok).toBe(true);
    }
  });

  it('carries a partial packet into a large chunk, out of it, and over many small ones', () => {
    const many = PACKETS.join('').repeat(40);
    const decoder = new FrameDecoder();
    const bytes = enc(`${VECTORS.V01}${many}${VECTORS.V02}\n${VECTORS.V03}`);
    const cut = bytes.length - VECTORS.V03.length + 30;
    const items = decoder.push(bytes.subarray(0, 50));
    expect(decoder.buffered).toBe(50);
    items.push(...decoder.push(bytes.subarray(50, cut)));
    expect(decoder.buffered).toBe(30);
    for (let at = cut; at < bytes.length; at += 3) items.push(...decoder.push(bytes.subarray(at, at + 3)));
    const expected = [VECTORS.V01, ...Array.from({ length: 40 }, () => PACKETS.map(trimmed)).flat()];
    expect(packets(items)).toEqual([...expected, VECTORS.V02, VECTORS.V03]);
    expect(items.every((i) => i.kind === 'packet' && i.result.ok)).toBe(true);
    expect(decoder.buffered).toBe(0);
    expect(packets(decoder.push(enc(VECTORS.X01)))).toEqual([VECTORS.X01]);
  });
});
