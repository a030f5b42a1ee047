/** Character-level helpers the segment parser and serialiser share. */

export const SEMICOLON = 0x3b;
export const COMMA = 0x2c;
export const EQUALS = 0x3d;
export const AMPERSAND = 0x26;
export const CR = 0x0d;
export const LF = 0x0a;
export const SLASH = 0x2f;
export const DASH = 0x2d;
export const PLUS = 0x2b;
export const DOT = 0x2e;

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Whether `text` is `min`–`max` ASCII digits. */
export function isDigits(text: string, min: number, max: number): boolean {
  if (text.length < min || text.length > max) return false;
  for (let k = 0; k < text.length; k++) if (!isDigit(text.charCodeAt(k))) return false;
  return true;
}

/** Whether `text` holds `word` at `at`. */
export function matchesAt(text: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (text.charCodeAt(at + k) !== word.charCodeAt(k)) return false;
  return true;
}

export function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
