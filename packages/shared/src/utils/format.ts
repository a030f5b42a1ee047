import { DAY_MS, HOUR_MS, MINUTE_MS } from './time-units.js';

export interface TimeAgo {
  unit: 'minute' | 'hour' | 'day';
  value: number;
}

/** Minutes under an hour, hours under a day, otherwise days (SPEC section 9). */
export function timeAgo(then: number, now: number): TimeAgo {
  const elapsed = Math.max(0, now - then);
  if (elapsed < HOUR_MS) return { unit: 'minute', value: Math.floor(elapsed / MINUTE_MS) };
  if (elapsed < DAY_MS) return { unit: 'hour', value: Math.floor(elapsed / HOUR_MS) };
  return { unit: 'day', value: Math.floor(elapsed / DAY_MS) };
}

const SUFFIXES = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** 1234 → '1.2k', 5e9 → '5G': the suffixes k, M, G, T, P, E of SPEC section 9. */
export function formatNumberSuffix(num: number, digits = 1): string {
  const sign = num < 0 ? '-' : '';
  const abs = Math.abs(num);
  for (const { value, symbol } of SUFFIXES) {
    if (abs >= value) {
      const scaled = (abs / value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
      return `${sign}${scaled}${symbol}`;
    }
  }
  return String(num);
}

/** 1234567.89 → '1,234,567.89'. */
export function formatThousands(num: number | string): string {
  const [int = '', frac] = String(num).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}
