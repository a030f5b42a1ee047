import { DASH, DOT, isDigit, matchesAt, PLUS } from './scan.js';
import type { Hj212Factor } from './types.js';

/** Builds a factor from raw suffix → text values, deriving the typed views (what the parser does too). */
export function makeFactor(code: string, values: Record<string, string>): Hj212Factor {
  const factor: Hj212Factor = { code, values: { ...values } };
  for (const [suffix, text] of Object.entries(values)) applyTyped(factor, suffix, text);
  return factor;
}

/**
 * Named CP fields as a packet carries them (HJ212.md §6): a `<code>-<suffix>` name (`w01018-SN`, `i13004-Info`) is a
 * field of that code's factor, any other (`PolId`, `InfoId`) a plain CP field.
 */
export function splitFields(fields: Iterable<readonly [name: string, value: string]>): {
  cp: Record<string, string>;
  factors: Hj212Factor[];
} {
  const cp: Record<string, string> = {};
  const byCode = new Map<string, Record<string, string>>();
  for (const [name, value] of fields) {
    const dash = name.indexOf('-');
    if (dash <= 0 || dash === name.length - 1) {
      cp[name] = value;
      continue;
    }
    const code = name.slice(0, dash);
    byCode.set(code, { ...byCode.get(code), [name.slice(dash + 1)]: value });
  }
  return { cp, factors: [...byCode].map(([code, values]) => makeFactor(code, values)) };
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

/** `//text//` → `text`; anything else unchanged. */
export function unwrapText(text: string): string {
  return text.length >= 4 && text.startsWith('//') && text.endsWith('//') ? text.slice(2, -2) : text;
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
export function knownSuffixAt(text: string, start: number, end: number): string | undefined {
  const suffix = KNOWN_SUFFIXES.get(suffixShape(text, start, end));
  return suffix !== undefined && suffix.length === end - start && matchesAt(text, start, suffix) ? suffix : undefined;
}

export function setFactorValue(factor: Hj212Factor, suffix: string, value: string): void {
  const values = factor.values;
  // A repeated suffix moves to the end (arrival order). Only then: `delete` is costly and rarely needed.
  if (Object.hasOwn(values, suffix)) delete values[suffix];
  values[suffix] = value;
  applyTyped(factor, suffix, value);
}
