import Cookies from 'js-cookie';

/** Console preferences the spec keeps in cookies (SPEC section 1 and 'Layout'). */
export const PREFERENCE_COOKIES = { theme: 'theme', size: 'size', language: 'language' } as const;
export type PreferenceCookie = (typeof PREFERENCE_COOKIES)[keyof typeof PREFERENCE_COOKIES];

/** A choice is remembered for a year, so that it outlives browser restarts. */
const COOKIE_LIFETIME_DAYS = 365;

export function readCookie<T extends string>(name: PreferenceCookie, allowed: readonly T[]): T | null {
  const value = Cookies.get(name);
  return value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

export function writeCookie(name: PreferenceCookie, value: string): void {
  Cookies.set(name, value, { expires: COOKIE_LIFETIME_DAYS, sameSite: 'lax', path: '/' });
}
