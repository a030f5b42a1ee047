import { knownSuffixAt, setFactorValue } from './factor-values.js';
import { AMPERSAND, clip, COMMA, CR, DASH, EQUALS, isDigits, LF, matchesAt, SEMICOLON, SLASH } from './scan.js';
import type {
  Hj212Dialect,
  Hj212ErrorCode,
  Hj212Factor,
  Hj212Flag,
  Hj212Message,
  Hj212SegmentResult,
} from './types.js';

// Kept importable from here: the factor builder and the serialiser live in their own modules.
export { makeFactor, splitFields, unwrapText } from './factor-values.js';
export { serialiseSegment } from './serialise-segment.js';

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

function nextSeparator(text: string, from: number, to: number): number {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === SEMICOLON || c === COMMA) return k;
  }
  return to;
}
