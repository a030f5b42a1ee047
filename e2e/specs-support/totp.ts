import { createHmac } from 'node:crypto';

/**
 * What an authenticator app computes (RFC 6238: HMAC-SHA1, 6 digits, 30 s), written from the RFCs rather than
 * with the server's library, so that the browser tests check the server against the standard.
 */

/** RFC 4648 base32, as the key is shown (groups of four, spaces ignored). */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The code of `key` at `time`. */
export function totp(key: string, time = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30_000)));
  const hmac = createHmac('sha1', base32Decode(key)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** A code of the next time step: each step is accepted once, so a second use in one step needs it. */
export function nextTotp(key: string, time = Date.now()): string {
  return totp(key, time + 30_000);
}
