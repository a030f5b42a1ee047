import type {
  Hj212Dialect,
  Hj212ErrorCode,
  Hj212Factor,
  Hj212Flag,
  Hj212Message,
  Hj212SegmentResult,
} from './types.js';

const NUMERIC_SUFFIXES = {
  Rtd: 'rtd',
  Min: 'min',
  Avg: 'avg',
  Max: 'max',
  Cou: 'cou',
  ZsRtd: 'zsRtd',
  ZsMin: 'zsMin',
  ZsAvg: 'zsAvg',
  ZsMax: 'zsMax',
  Data: 'data',
  DayData: 'dayData',
  NightData: 'nightData',
  RS: 'rs',
  RT: 'rt',
} as const satisfies Record<string, keyof Hj212Factor>;

const TEXT_SUFFIXES = {
  Flag: 'flag',
  EFlag: 'eFlag',
  SampleTime: 'sampleTime',
  SN: 'sn',
} as const satisfies Record<string, keyof Hj212Factor>;

const HEADER_KEYS = new Set(['QN', 'ST', 'CN', 'PW', 'MN', 'Flag', 'PNUM', 'PNO']);
const NUMBER_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATA_TIME_RE = /^\d{14}(?:\d{3})?$/;
const CN_RE = /^\d{4}$/;
const DIGITS_RE = /^\d{1,4}$/;
/** What the parser can read back: CP names and plain values may not hold the item delimiters `;` and `,`. */
const KEY_RE = /^[^;,=&\r\n]+$/;
const PLAIN_VALUE_RE = /^[^;,]*$/;
const HEADER_KEY_RE = /^[^;=]+$/;
const HEADER_VALUE_RE = /^[^;]*$/;
/** Would become the prototype of a plain object. */
const RESERVED = '__proto__';

class SegmentError extends Error {
  constructor(
    readonly code: Hj212ErrorCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export function dialectOf(flag: Hj212Flag | undefined): Hj212Dialect {
  if (flag === undefined) return 'hj212-2005';
  switch (flag.version) {
    case 0:
      return 'hj212-2005';
    case 1:
      return 'hj212-2017';
    case 2:
      return 'hj212-2025';
    default:
      return 'unknown';
  }
}

export function makeFlag(value: number): Hj212Flag {
  return { value, ack: (value & 1) === 1, split: (value & 2) === 2, version: value >> 2 };
}

/** Builds a factor from raw suffix → text values, deriving the typed views (what the parser does too). */
export function makeFactor(code: string, values: Record<string, string>): Hj212Factor {
  const factor: Hj212Factor = { code, values: { ...values } };
  for (const [suffix, text] of Object.entries(values)) applyTyped(factor, suffix, text);
  return factor;
}

function applyTyped(factor: Hj212Factor, suffix: string, text: string): void {
  if (Object.hasOwn(NUMERIC_SUFFIXES, suffix)) {
    const key = NUMERIC_SUFFIXES[suffix as keyof typeof NUMERIC_SUFFIXES];
    const n = NUMBER_RE.test(text) ? Number(text) : NaN;
    if (Number.isFinite(n)) factor[key] = n;
    else delete factor[key];
  } else if (Object.hasOwn(TEXT_SUFFIXES, suffix)) {
    factor[TEXT_SUFFIXES[suffix as keyof typeof TEXT_SUFFIXES]] = text;
  } else if (suffix === 'Info') {
    factor.info = unwrapText(text);
  }
}

/** `//text//` → `text`; anything else unchanged. */
export function unwrapText(text: string): string {
  return text.length >= 4 && text.startsWith('//') && text.endsWith('//') ? text.slice(2, -2) : text;
}

/** A `//…//` value exactly as the parser delimits it: the inner text has no `//` and does not end in `/`. */
function isText(value: string): boolean {
  const inner = value.slice(2, -2);
  return (
    value.length >= 4 && value.startsWith('//') && value.endsWith('//') && !inner.includes('//') && !inner.endsWith('/')
  );
}

/** Parses a data segment (`QN=…;ST=…;…;CP=&&…&&`). Never throws. */
export function parseSegment(segment: string): Hj212SegmentResult {
  try {
    return { ok: true, message: parseSegmentOrThrow(segment) };
  } catch (err) {
    if (err instanceof SegmentError) return { ok: false, error: { code: err.code, detail: err.detail } };
    return { ok: false, error: { code: 'BAD_SEGMENT', detail: err instanceof Error ? err.message : String(err) } };
  }
}

function parseSegmentOrThrow(segment: string): Hj212Message {
  const cpAt = segment.startsWith('CP=&&') ? 0 : segment.indexOf(';CP=&&') + 1;
  if (cpAt === 0 && !segment.startsWith('CP=&&')) throw new SegmentError('BAD_SEGMENT', 'no CP=&& in data segment');
  if (!segment.endsWith('&&') || segment.length < cpAt + 7) {
    throw new SegmentError('BAD_SEGMENT', 'data segment does not end with &&');
  }
  const header = new Map<string, string>();
  const headerText = segment.slice(0, Math.max(0, cpAt - 1));
  if (headerText.length > 0) {
    for (const part of headerText.split(';')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      if (eq <= 0) throw new SegmentError('BAD_SEGMENT', `header field without name=value: ${clip(part)}`);
      const key = part.slice(0, eq);
      if (key === RESERVED) throw new SegmentError('BAD_SEGMENT', 'reserved header field name');
      if (key === 'CP') throw new SegmentError('BAD_SEGMENT', 'CP must be the last field and start with &&');
      header.set(part.slice(0, eq), part.slice(eq + 1));
    }
  }
  const st = header.get('ST');
  const cn = header.get('CN');
  if (st === undefined) throw new SegmentError('MISSING_FIELD', 'ST is missing');
  if (cn === undefined) throw new SegmentError('MISSING_FIELD', 'CN is missing');
  if (!CN_RE.test(cn)) throw new SegmentError('BAD_FIELD', `CN is not 4 digits: ${clip(cn)}`);
  const flagText = header.get('Flag');
  let flag: Hj212Flag | undefined;
  if (flagText !== undefined) {
    if (!/^\d{1,3}$/.test(flagText) || Number(flagText) > 255) {
      throw new SegmentError('BAD_FIELD', `Flag is not 0–255: ${clip(flagText)}`);
    }
    flag = makeFlag(Number(flagText));
  }
  const message: Hj212Message = { st, cn, dialect: dialectOf(flag), extra: {}, cp: {}, factors: [] };
  const qn = header.get('QN');
  if (qn !== undefined) message.qn = qn;
  const pw = header.get('PW');
  if (pw !== undefined) message.pw = pw;
  const mn = header.get('MN');
  if (mn !== undefined) message.mn = mn;
  if (flag !== undefined) message.flag = flag;
  for (const key of ['PNUM', 'PNO'] as const) {
    const text = header.get(key);
    if (text === undefined) continue;
    if (!DIGITS_RE.test(text)) throw new SegmentError('BAD_FIELD', `${key} is not a number: ${clip(text)}`);
    message[key === 'PNUM' ? 'pnum' : 'pno'] = Number(text);
  }
  for (const [key, value] of header) if (!HEADER_KEYS.has(key)) message.extra[key] = value;

  parseCp(segment.slice(cpAt + 5, segment.length - 2), message);
  return message;
}

/** Splits the CP body on `,` and `;` (devices mix them), never inside `//…//`, and groups by factor code. */
function parseCp(body: string, message: Hj212Message): void {
  const byCode = new Map<string, Hj212Factor>();
  let last: Hj212Factor | undefined;
  let i = 0;
  while (i < body.length) {
    const ch = body[i];
    if (ch === ';' || ch === ',') {
      i++;
      continue;
    }
    const eq = body.indexOf('=', i);
    if (eq < 0) throw new SegmentError('BAD_CP', `CP item without '=': ${clip(body.slice(i))}`);
    const key = body.slice(i, eq);
    if (!KEY_RE.test(key)) throw new SegmentError('BAD_CP', `bad CP field name: ${clip(key)}`);
    let end: number;
    if (body.startsWith('//', eq + 1)) {
      const close = body.indexOf('//', eq + 3);
      if (close < 0) throw new SegmentError('BAD_CP', `unterminated //text// in ${clip(key)}`);
      end = close + 2;
      if (end < body.length && body[end] !== ';' && body[end] !== ',') {
        throw new SegmentError('BAD_CP', `text after closing // in ${clip(key)}`);
      }
    } else {
      end = nextSeparator(body, eq + 1);
    }
    const value = body.slice(eq + 1, end);
    i = end;

    const dash = key.indexOf('-');
    if (key === RESERVED || key.slice(dash + 1) === RESERVED)
      throw new SegmentError('BAD_CP', 'reserved CP field name');
    if (dash > 0 && dash < key.length - 1) {
      const code = key.slice(0, dash);
      let factor = byCode.get(code);
      if (factor === undefined) {
        factor = { code, values: {} };
        byCode.set(code, factor);
        message.factors.push(factor);
      }
      setFactorValue(factor, key.slice(dash + 1), value);
      last = factor;
    } else if (key === 'Flag' && last !== undefined) {
      // V12: `a34001-Rtd=92;Flag=N` — a bare Flag belongs to the factor before it.
      setFactorValue(last, 'Flag', value);
    } else if (key === 'DataTime') {
      if (!DATA_TIME_RE.test(value))
        throw new SegmentError('BAD_FIELD', `DataTime is not 14 or 17 digits: ${clip(value)}`);
      message.dataTime = value;
      last = undefined;
    } else {
      message.cp[key] = value;
      last = undefined;
    }
  }
}

function setFactorValue(factor: Hj212Factor, suffix: string, value: string): void {
  delete factor.values[suffix];
  factor.values[suffix] = value;
  applyTyped(factor, suffix, value);
}

function nextSeparator(body: string, from: number): number {
  for (let k = from; k < body.length; k++) {
    const c = body.charCodeAt(k);
    if (c === 0x3b || c === 0x2c) return k;
  }
  return body.length;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
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
