/**
 * Secrets never reach the operation log or the server log: any field whose name looks like a
 * password, token or secret is replaced, at any depth.
 */
const SECRET_KEY = /pass(word)?|pwd|token|secret|authorization|credential|cookie|^code$/i;
/** OAuth authorization codes travel in the path of the oauth route. */
const OAUTH_CODE_IN_PATH = /(\/rest\/oauth\/)[^/?]+/;
export const MASK = '******';

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * How deep maskSecrets walks. A request body may be nested 10,000 deep (a few kB of JSON): walking it,
 * or JSON.stringify of it, overflows the stack. No real body comes close to this depth.
 */
export const MASK_MAX_DEPTH = 32;
/** Stands in for whatever lies past MASK_MAX_DEPTH. */
export const MASK_DEPTH_MARKER = '[too deep]';

export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MASK_MAX_DEPTH) return MASK_DEPTH_MARKER;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      isSecretKey(k) ? MASK : maskSecrets(v, depth + 1),
    ]),
  );
}

/** The same for a URL's query string (download links carry ?token=, password change carries passwords). */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(OAUTH_CODE_IN_PATH, `$1${MASK}`);
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (isSecretKey(key)) params.set(key, MASK);
  return `${path}?${params.toString()}`;
}
