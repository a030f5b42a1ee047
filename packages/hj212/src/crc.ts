/** The 0xA001 (reflected 0x8005) table: entry `i` is `i` after the 8 shift/xor rounds both CRCs below run per byte. */
const TABLE = ((): Uint16Array => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i;
    for (let j = 0; j < 8; j++) crc = (crc & 1) === 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    table[i] = crc;
  }
  return table;
})();

/**
 * HJ 212-2017 Appendix A CRC. Not CRC-16/MODBUS: the register is replaced by `(crc >> 8) ^ byte` on every byte, so
 * only 256 values exist (HJ212.md §3). That index is always 0–255 and the 8 rounds depend on it alone, hence one
 * table look-up per byte.
 */
export function hj212Crc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (let i = 0; i < bytes.length; i++) crc = TABLE[(crc >>> 8) ^ (bytes[i] ?? 0)] ?? 0;
  return crc;
}

/** Standard CRC-16/MODBUS; only used for the byte-swapped compatibility mode some field devices need (vector N03). */
export function modbusCrc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (let i = 0; i < bytes.length; i++) crc = (crc >>> 8) ^ (TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0);
  return crc;
}

/** Four upper-case hex digits, high byte first — the form we emit. */
export function formatCrc(crc: number): string {
  return (crc & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}
