import { describe, expect, it } from 'vitest';
import { formatCrc, hj212Crc, modbusCrc } from './crc.js';
import { Rng } from './test-support.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const VECTOR_V01_SEGMENT =
  'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';

describe('hj212Crc', () => {
  it('matches the standard worked example (1C80, not the prose typo 1C08)', () => {
    const segment =
      'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';
    expect(hj212Crc(bytes(segment))).toBe(0x1c80);
  });

  it('gives 3C00 for the corrected README packet N01 and C241 for the 9014 answer X01', () => {
    expect(
      hj212Crc(
        bytes(
          'ST=32;CN=2011;PW=123456;MN=LD130133000015;CP=&&DataTime=20160824003817;B01-Rtd=36.91;011-Rtd=231.0,011-Flag=N;060-Rtd=1.803,060-Flag=N&&',
        ),
      ),
    ).toBe(0x3c00);
    expect(
      hj212Crc(bytes('QN=20160801085000001;ST=91;CN=9014;PW=123456;MN=010000A8900016F000169DC0;Flag=4;CP=&&&&')),
    ).toBe(0xc241);
  });

  it('is not CRC-16/MODBUS', () => {
    expect(modbusCrc(bytes('123456789'))).toBe(0x4b37);
    expect(hj212Crc(bytes('123456789'))).not.toBe(0x4b37);
  });

  it('returns 0xFFFF for no bytes', () => {
    expect(hj212Crc(new Uint8Array(0))).toBe(0xffff);
  });

  it('only ever yields the 256 table values (low byte in 00 01 40 41 80 81 C0 C1)', () => {
    const rng = new Rng(212);
    const seen = new Set<number>();
    const lowBytes = new Set<number>();
    for (let i = 0; i < 20_000; i++) {
      const input = new Uint8Array(1 + rng.int(40));
      for (let k = 0; k < input.length; k++) input[k] = rng.int(256);
      const crc = hj212Crc(input);
      lowBytes.add(crc & 0xff);
      seen.add(crc);
    }
    expect(seen.size).toBe(256);
    expect([...lowBytes].sort((a, b) => a - b)).toEqual([0x00, 0x01, 0x40, 0x41, 0x80, 0x81, 0xc0, 0xc1]);
  });
});

/** The bit-by-bit loops of HJ 212-2017 Appendix A and CRC-16/MODBUS, kept here as the reference for the tables. */
function referenceCrc(input: Uint8Array, hj212: boolean): number {
  let crc = 0xffff;
  for (const b of input) {
    crc = hj212 ? (crc >> 8) ^ b : crc ^ b;
    for (let j = 0; j < 8; j++) {
      const lsb = crc & 1;
      crc >>= 1;
      if (lsb === 1) crc ^= 0xa001;
    }
  }
  return crc & 0xffff;
}

describe('table-driven CRCs', () => {
  it('agree with the reference bit loops on random inputs, every single byte and a long packet', () => {
    const rng = new Rng(0xa001);
    const inputs: Uint8Array[] = [];
    for (let b = 0; b < 256; b++) inputs.push(Uint8Array.of(b), Uint8Array.of(0xff, b), Uint8Array.of(b, b, 0x00));
    for (let i = 0; i < 5_000; i++) {
      const input = new Uint8Array(rng.int(rng.bool(0.9) ? 64 : 2_000));
      for (let k = 0; k < input.length; k++) input[k] = rng.int(256);
      inputs.push(input);
    }
    inputs.push(bytes(`QN=20260101120000123;ST=21;CN=2051;CP=&&${'w01018-Avg=12.3,w01018-Flag=N;'.repeat(300)}&&`));
    let differing = 0;
    for (const input of inputs) {
      expect(hj212Crc(input)).toBe(referenceCrc(input, true));
      expect(modbusCrc(input)).toBe(referenceCrc(input, false));
      if (hj212Crc(input) !== modbusCrc(input)) differing++;
    }
    // The two algorithms must stay distinct, or a table shared by mistake would pass both checks above.
    expect(differing).toBeGreaterThan(inputs.length / 2);
  });

  it('reads only the view it is given, not the whole underlying buffer', () => {
    const whole = bytes(`xx${VECTOR_V01_SEGMENT}yy`);
    const view = whole.subarray(2, whole.length - 2);
    expect(hj212Crc(view)).toBe(0x1c80);
    expect(modbusCrc(view)).toBe(referenceCrc(bytes(VECTOR_V01_SEGMENT), false));
  });
});

describe('formatCrc', () => {
  it('emits four upper-case hex digits, zero-padded', () => {
    expect(formatCrc(0xcc01)).toBe('CC01');
    expect(formatCrc(0x0040)).toBe('0040');
  });
});
