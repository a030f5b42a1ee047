/**
 * HJ 212-2017 Appendix A CRC. Not CRC-16/MODBUS: the register is replaced by `(crc >> 8) ^ byte` on every byte, so
 * only 256 values exist (HJ212.md §3).
 */
export function hj212Crc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc = (crc >> 8) ^ b;
    for (let j = 0; j < 8; j++) {
      const lsb = crc & 1;
      crc >>= 1;
      if (lsb === 1) crc ^= 0xa001;
    }
  }
  return crc & 0xffff;
}

/** Standard CRC-16/MODBUS; only used for the byte-swapped compatibility mode some field devices need (vector N03). */
export function modbusCrc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b;
    for (let j = 0; j < 8; j++) {
      const lsb = crc & 1;
      crc >>= 1;
      if (lsb === 1) crc ^= 0xa001;
    }
  }
  return crc & 0xffff;
}

/** Four upper-case hex digits, high byte first — the form we emit. */
export function formatCrc(crc: number): string {
  return (crc & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}
