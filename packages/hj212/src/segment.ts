import type {
  Hj212Dialect,
  Hj212ErrorCode,
  Hj212Factor,
  Hj212Flag,
  Hj212Message,
  Hj212SegmentResult,
} from './types.js';

const HEADER_KEYS = new Set(['QN', 'ST', 'CN', 'PW', 'MN', 'Flag', 'PNUM', 'PNO']);
const DATA_TIME_RE = /^\d{14}(?:\d{3})?$/;
const CN_RE = /^\d{4}$/;
/** What the parser can read back: CP names and plain values may not hold the item delimiters `;` and `,`. */
const KEY_RE = /^[^;,=&\r\n]+$/;
const PLAIN_VALUE_RE = /^[^;,]*$/;
const HEADER_KEY_RE = /^[^;=]+$/;
const HEADER_VALUE_RE = /^[^;]*$/;
/** Would become the prototype of a plain object. */
const RESERVED = '__proto__';

const SEMICOLON = 0x3b;
const COMMA = 0x2c;
const EQUALS = 0x3d;
const AMPERSAND = 0x26;
const CR = 0x0d;
const LF = 0x0a;
const SLASH = 0x2f;
const DASH = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;

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

/**
 * Sets or clears the typed view of one field. One named store per suffix rather than `factor[key]`: a keyed store
 * over all these names is megamorphic, and this runs for every CP value. A value that is not a finite plain number
 * removes the view, so a later bad repeat does not leave a stale number behind.
 */
function applyTyped(factor: Hj212Factor, suffix: string, text: string): void {
  switch (suffix) {
    case 'Rtd': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.rtd;
      else factor.rtd = n;
      return;
    }
    case 'Min': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.min;
      else factor.min = n;
      return;
    }
    case 'Avg': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.avg;
      else factor.avg = n;
      return;
    }
    case 'Max': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.max;
      else factor.max = n;
      return;
    }
    case 'Cou': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.cou;
      else factor.cou = n;
      return;
    }
    case 'ZsRtd': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.zsRtd;
      else factor.zsRtd = n;
      return;
    }
    case 'ZsMin': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.zsMin;
      else factor.zsMin = n;
      return;
    }
    case 'ZsAvg': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.zsAvg;
      else factor.zsAvg = n;
      return;
    }
    case 'ZsMax': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.zsMax;
      else factor.zsMax = n;
      return;
    }
    case 'Data': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.data;
      else factor.data = n;
      return;
    }
    case 'DayData': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.dayData;
      else factor.dayData = n;
      return;
    }
    case 'NightData': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.nightData;
      else factor.nightData = n;
      return;
    }
    case 'RS': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.rs;
      else factor.rs = n;
      return;
    }
    case 'RT': {
      const n = decimalValue(text);
      if (n === undefined) delete factor.rt;
      else factor.rt = n;
      return;
    }
    case 'Flag':
      factor.flag = text;
      return;
    case 'EFlag':
      factor.eFlag = text;
      return;
    case 'SampleTime':
      factor.sampleTime = text;
      return;
    case 'SN':
      factor.sn = text;
      return;
    case 'Info':
      factor.info = unwrapText(text);
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The powers of ten that are exact doubles, as literals. */
const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
  1e21, 1e22,
];

/**
 * The finite number a plain decimal denotes (`/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/`), else undefined:
 * `Number` alone is far more lenient (`0x1F`, ` 1 `, `Infinity`). Scanned by hand since it runs for most CP values,
 * and computed directly when up to 15 digits and the power of ten are exact doubles: one correctly rounded
 * multiplication or division then gives exactly what `Number` gives (Clinger's fast path).
 */
function decimalValue(text: string): number | undefined {
  let k = 0;
  let c = text.charCodeAt(k);
  const negative = c === DASH;
  if (c === PLUS || c === DASH) c = text.charCodeAt(++k);
  let mantissa = 0;
  let digits = 0;
  let fractionDigits = 0;
  while (isDigit(c)) {
    mantissa = mantissa * 10 + c - 0x30;
    digits++;
    c = text.charCodeAt(++k);
  }
  if (c === DOT) {
    c = text.charCodeAt(++k);
    while (isDigit(c)) {
      mantissa = mantissa * 10 + c - 0x30;
      digits++;
      fractionDigits++;
      c = text.charCodeAt(++k);
    }
  }
  if (digits === 0) return undefined;
  let exponent = 0;
  if (c === 0x65 || c === 0x45) {
    c = text.charCodeAt(++k);
    const negativeExponent = c === DASH;
    if (c === PLUS || c === DASH) c = text.charCodeAt(++k);
    if (!isDigit(c)) return undefined;
    while (isDigit(c)) {
      // Capped: anything past ±22 goes to Number anyway.
      if (exponent < 10_000) exponent = exponent * 10 + c - 0x30;
      c = text.charCodeAt(++k);
    }
    if (negativeExponent) exponent = -exponent;
  }
  if (k !== text.length) return undefined;
  const scale = exponent - fractionDigits;
  if (digits <= 15 && scale >= -22 && scale <= 22) {
    const magnitude = scale < 0 ? mantissa / (POW10[-scale] ?? 1) : mantissa * (POW10[scale] ?? 1);
    return negative ? -magnitude : magnitude;
  }
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** Whether `text` is `min`–`max` ASCII digits. */
function isDigits(text: string, min: number, max: number): boolean {
  if (text.length < min || text.length > max) return false;
  for (let k = 0; k < text.length; k++) if (!isDigit(text.charCodeAt(k))) return false;
  return true;
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
  let qn: string | undefined;
  let st: string | undefined;
  let cn: string | undefined;
  let pw: string | undefined;
  let mn: string | undefined;
  let flagText: string | undefined;
  let pnumText: string | undefined;
  let pnoText: string | undefined;
  // Unknown header fields in first-seen order, the last value winning, as a Map would keep them.
  const extra: Record<string, string> = {};
  const headerEnd = Math.max(0, cpAt - 1);
  let start = 0;
  while (start < headerEnd) {
    let stop = segment.indexOf(';', start);
    if (stop < 0 || stop > headerEnd) stop = headerEnd;
    if (stop === start) {
      start++;
      continue;
    }
    let eq = segment.indexOf('=', start);
    if (eq >= stop) eq = -1;
    if (eq <= start) {
      throw new SegmentError('BAD_SEGMENT', `header field without name=value: ${clip(segment.slice(start, stop))}`);
    }
    const key = segment.slice(start, eq);
    const value = segment.slice(eq + 1, stop);
    switch (key) {
      case 'QN':
        qn = value;
        break;
      case 'ST':
        st = value;
        break;
      case 'CN':
        cn = value;
        break;
      case 'PW':
        pw = value;
        break;
      case 'MN':
        mn = value;
        break;
      case 'Flag':
        flagText = value;
        break;
      case 'PNUM':
        pnumText = value;
        break;
      case 'PNO':
        pnoText = value;
        break;
      case RESERVED:
        throw new SegmentError('BAD_SEGMENT', 'reserved header field name');
      case 'CP':
        throw new SegmentError('BAD_SEGMENT', 'CP must be the last field and start with &&');
      default:
        extra[key] = value;
    }
    start = stop + 1;
  }
  if (st === undefined) throw new SegmentError('MISSING_FIELD', 'ST is missing');
  if (cn === undefined) throw new SegmentError('MISSING_FIELD', 'CN is missing');
  if (!isDigits(cn, 4, 4)) throw new SegmentError('BAD_FIELD', `CN is not 4 digits: ${clip(cn)}`);
  let flag: Hj212Flag | undefined;
  if (flagText !== undefined) {
    if (!isDigits(flagText, 1, 3) || Number(flagText) > 255) {
      throw new SegmentError('BAD_FIELD', `Flag is not 0–255: ${clip(flagText)}`);
    }
    flag = makeFlag(Number(flagText));
  }
  const message: Hj212Message = { st, cn, dialect: dialectOf(flag), extra, cp: {}, factors: [] };
  if (qn !== undefined) message.qn = qn;
  if (pw !== undefined) message.pw = pw;
  if (mn !== undefined) message.mn = mn;
  if (flag !== undefined) message.flag = flag;
  if (pnumText !== undefined) message.pnum = splitNumber('PNUM', pnumText);
  if (pnoText !== undefined) message.pno = splitNumber('PNO', pnoText);

  parseCp(segment, cpAt + 5, segment.length - 2, message);
  return message;
}

function splitNumber(key: string, text: string): number {
  if (!isDigits(text, 1, 4)) throw new SegmentError('BAD_FIELD', `${key} is not a number: ${clip(text)}`);
  return Number(text);
}

/**
 * Reads the CP body `text[from, to)`: splits on `,` and `;` (devices mix them), never inside `//…//`, and groups by
 * factor code. Works on offsets into the segment so that only the strings kept in the message are cut out of it.
 */
function parseCp(text: string, from: number, to: number, message: Hj212Message): void {
  const byCode = new Map<string, Hj212Factor>();
  let last: Hj212Factor | undefined;
  // Fields of one factor nearly always arrive together: try the factor before the Map.
  let recent: Hj212Factor | undefined;
  let i = from;
  while (i < to) {
    const ch = text.charCodeAt(i);
    if (ch === SEMICOLON || ch === COMMA) {
      i++;
      continue;
    }
    // Find the '=' and the first '-'; the name may not hold ; , & CR LF. A match of the recent code is known clean.
    const nameStart = i;
    let dash = -1;
    let k = i;
    let factor: Hj212Factor | undefined;
    if (recent !== undefined) {
      const codeEnd = i + recent.code.length;
      if (codeEnd < to && text.charCodeAt(codeEnd) === DASH && matchesAt(text, i, recent.code)) {
        factor = recent;
        dash = codeEnd;
        k = codeEnd + 1;
      }
    }
    let eq = -1;
    let badName = false;
    for (; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c === EQUALS) {
        eq = k;
        break;
      }
      if (c === SEMICOLON || c === COMMA || c === AMPERSAND || c === CR || c === LF) badName = true;
      else if (c === DASH && dash < 0) dash = k;
    }
    if (eq < 0) throw new SegmentError('BAD_CP', `CP item without '=': ${clip(text.slice(i, to))}`);
    if (badName || eq === i) throw new SegmentError('BAD_CP', `bad CP field name: ${clip(text.slice(i, eq))}`);
    let end: number;
    if (text.charCodeAt(eq + 1) === SLASH && text.charCodeAt(eq + 2) === SLASH && eq + 2 < to) {
      let close = text.indexOf('//', eq + 3);
      if (close + 2 > to) close = -1;
      if (close < 0) throw new SegmentError('BAD_CP', `unterminated //text// in ${clip(text.slice(i, eq))}`);
      end = close + 2;
      if (end < to && text.charCodeAt(end) !== SEMICOLON && text.charCodeAt(end) !== COMMA) {
        throw new SegmentError('BAD_CP', `text after closing // in ${clip(text.slice(i, eq))}`);
      }
    } else {
      end = nextSeparator(text, eq + 1, to);
    }
    const value = text.slice(eq + 1, end);
    i = end;

    // `__proto__` as the whole name or as a factor suffix.
    const suffixStart = dash + 1;
    const reservedAt = dash >= 0 ? suffixStart : nameStart;
    if (eq - reservedAt === RESERVED.length && matchesAt(text, reservedAt, RESERVED)) {
      throw new SegmentError('BAD_CP', 'reserved CP field name');
    }
    if (dash > nameStart && dash < eq - 1) {
      if (factor === undefined) {
        const code = text.slice(nameStart, dash);
        factor = byCode.get(code);
        if (factor === undefined) {
          factor = { code, values: {} };
          byCode.set(code, factor);
          message.factors.push(factor);
        }
      }
      setFactorValue(factor, knownSuffixAt(text, suffixStart, eq) ?? text.slice(suffixStart, eq), value);
      last = factor;
      recent = factor;
      continue;
    }
    const key = text.slice(nameStart, eq);
    if (key === 'Flag' && last !== undefined) {
      // V12: `a34001-Rtd=92;Flag=N` — a bare Flag belongs to the factor before it.
      setFactorValue(last, 'Flag', value);
    } else if (key === 'DataTime') {
      if (!isDigits(value, 14, 14) && !isDigits(value, 17, 17)) {
        throw new SegmentError('BAD_FIELD', `DataTime is not 14 or 17 digits: ${clip(value)}`);
      }
      message.dataTime = value;
      last = undefined;
    } else {
      message.cp[key] = value;
      last = undefined;
    }
  }
}

/** Whether `text` holds `word` at `at`. */
function matchesAt(text: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (text.charCodeAt(at + k) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * The suffixes that have a typed view, by length, first and last character: distinct for these 19 (a clash would cost
 * speed, not correctness, as `knownSuffixAt` checks the whole name).
 */
const KNOWN_SUFFIXES = new Map(
  [
    'Rtd',
    'Min',
    'Avg',
    'Max',
    'Cou',
    'ZsRtd',
    'ZsMin',
    'ZsAvg',
    'ZsMax',
    'Data',
    'DayData',
    'NightData',
    'RS',
    'RT',
    'Flag',
    'EFlag',
    'SampleTime',
    'SN',
    'Info',
  ].map((suffix) => [suffixShape(suffix, 0, suffix.length), suffix]),
);

function suffixShape(text: string, start: number, end: number): number {
  return ((end - start) << 16) | ((text.charCodeAt(start) & 0xff) << 8) | (text.charCodeAt(end - 1) & 0xff);
}

/**
 * The known suffix at `text[start, end)` as its literal, found without cutting a new string: a literal is interned,
 * so the `values` store keyed by it and the `applyTyped` switch compare pointers, not characters.
 */
function knownSuffixAt(text: string, start: number, end: number): string | undefined {
  const suffix = KNOWN_SUFFIXES.get(suffixShape(text, start, end));
  return suffix !== undefined && suffix.length === end - start && matchesAt(text, start, suffix) ? suffix : undefined;
}

function setFactorValue(factor: Hj212Factor, suffix: string, value: string): void {
  const values = factor.values;
  // A repeated suffix moves to the end (arrival order). Only then: `delete` is costly and rarely needed.
  if (Object.hasOwn(values, suffix)) delete values[suffix];
  values[suffix] = value;
  applyTyped(factor, suffix, value);
}

function nextSeparator(text: string, from: number, to: number): number {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === SEMICOLON || c === COMMA) return k;
  }
  return to;
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
