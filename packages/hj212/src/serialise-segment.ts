import { clip } from './scan.js';
import type { Hj212Message } from './types.js';

const HEADER_KEYS = new Set(['QN', 'ST', 'CN', 'PW', 'MN', 'Flag', 'PNUM', 'PNO']);
const DATA_TIME_RE = /^\d{14}(?:\d{3})?$/;
const CN_RE = /^\d{4}$/;
/** What the parser can read back: CP names and plain values may not hold the item delimiters `;` and `,`. */
const KEY_RE = /^[^;,=&\r\n]+$/;
const PLAIN_VALUE_RE = /^[^;,]*$/;
const HEADER_KEY_RE = /^[^;=]+$/;
const HEADER_VALUE_RE = /^[^;]*$/;

/** A `//…//` value exactly as the parser delimits it: the inner text has no `//` and does not end in `/`. */
function isText(value: string): boolean {
  const inner = value.slice(2, -2);
  return (
    value.length >= 4 && value.startsWith('//') && value.endsWith('//') && !inner.includes('//') && !inner.endsWith('/')
  );
}

/**
 * Serialises a message to its data segment. Throws a RangeError when the message cannot be written as a valid
 * segment (a value containing delimiters outside `//…//`) — a programming error, unlike parse failures.
 */
export function serialiseSegment(message: Hj212Message): string {
  const head: string[] = [];
  const put = (key: string, value: string | undefined): void => {
    if (value === undefined) return;
    if (!HEADER_KEY_RE.test(key) || !HEADER_VALUE_RE.test(value)) {
      throw new RangeError(`HJ 212 header field cannot be serialised: ${clip(key)}=${clip(value)}`);
    }
    head.push(`${key}=${value}`);
  };
  put('QN', message.qn);
  put('ST', message.st);
  if (!CN_RE.test(message.cn)) throw new RangeError(`CN must be 4 digits: ${clip(message.cn)}`);
  put('CN', message.cn);
  put('PW', message.pw);
  put('MN', message.mn);
  if (message.flag !== undefined) {
    const v = message.flag.value;
    if (!Number.isInteger(v) || v < 0 || v > 255) throw new RangeError(`Flag must be 0–255: ${v}`);
    put('Flag', String(v));
  }
  for (const [key, n] of [
    ['PNUM', message.pnum],
    ['PNO', message.pno],
  ] as const) {
    if (n === undefined) continue;
    if (!Number.isInteger(n) || n < 0 || n > 9999) throw new RangeError(`${key} must be 0–9999: ${n}`);
    put(key, String(n));
  }
  for (const [key, value] of Object.entries(message.extra)) {
    if (HEADER_KEYS.has(key) || key === 'CP') throw new RangeError(`extra header field shadows ${key}`);
    put(key, value);
  }

  const items: string[] = [];
  const cpValue = (key: string, value: string): string => {
    const plain = PLAIN_VALUE_RE.test(value) && !value.startsWith('//');
    if (!KEY_RE.test(key) || (!isText(value) && !plain)) {
      throw new RangeError(`HJ 212 CP field cannot be serialised: ${clip(key)}=${clip(value)}`);
    }
    return `${key}=${value}`;
  };
  if (message.dataTime !== undefined) {
    if (!DATA_TIME_RE.test(message.dataTime)) throw new RangeError(`DataTime must be 14 or 17 digits`);
    items.push(`DataTime=${message.dataTime}`);
  }
  for (const [key, value] of Object.entries(message.cp)) {
    const dash = key.indexOf('-');
    if (key === 'DataTime' || (dash > 0 && dash < key.length - 1)) {
      throw new RangeError(`CP field ${clip(key)} would not parse back as a plain field`);
    }
    items.push(cpValue(key, value));
  }
  for (const factor of message.factors) {
    if (factor.code.includes('-') || factor.code === '') throw new RangeError(`bad factor code ${clip(factor.code)}`);
    const parts = Object.entries(factor.values).map(([suffix, value]) => cpValue(`${factor.code}-${suffix}`, value));
    if (parts.length === 0) throw new RangeError(`factor ${factor.code} has no values`);
    items.push(parts.join(','));
  }
  head.push(`CP=&&${items.join(';')}&&`);
  return head.join(';');
}
