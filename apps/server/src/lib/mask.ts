/**
 * Secrets never reach the operation log or the server log: any field whose name looks like a
 * password, token or secret is replaced, at any depth.
 */
const SECRET_KEY = /pass(word)?|pwd|^pw$|token|secret|authorization|credential|cookie|^code$/i;
/** Credentials that travel in a path: the OAuth code, and the push socket's sign-in token (browsers cannot set its headers). */
const SECRET_IN_PATH = /(\/rest\/oauth\/|\/websocket\/)[^/?#\s"\\]+/g;
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
  const path = (q < 0 ? url : url.slice(0, q)).replace(SECRET_IN_PATH, `$1${MASK}`);
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (isSecretKey(key)) params.set(key, MASK);
  return `${path}?${params.toString()}`;
}

/** A query parameter anywhere in a text: `?token=…`, `&password=…`. */
const PARAM_IN_TEXT = /([?&])([^=&#\s"\\]+)=([^&#\s"\\]*)/g;
/**
 * An HJ 212 station password in text: the header's `PW=`, and a `NewPW=` in the CP (1072), in a
 * raw packet, a log line or a query. With a station's MN and PW anyone can send data as it.
 */
const PW_IN_TEXT = /(^|[^A-Za-z0-9_])((?:New)?PW=)[^;&,#\s"\\]*/gi;

export function maskStationPasswords(text: string): string {
  return text.replace(PW_IN_TEXT, `$1$2${MASK}`);
}
const BEARER_IN_TEXT = /(Bearer\s+)[A-Za-z0-9._~+/-]+=*/gi;

function decodedKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/**
 * The last line of defence for the server log (every line passes through it, whatever logged it):
 * secrets in paths, secret query parameters, station PWs and bearer tokens in any text are masked.
 */
export function maskText(text: string): string {
  return maskStationPasswords(text)
    .replace(SECRET_IN_PATH, `$1${MASK}`)
    .replace(PARAM_IN_TEXT, (all, separator: string, key: string) =>
      isSecretKey(decodedKey(key)) ? `${separator}${key}=${MASK}` : all,
    )
    .replace(BEARER_IN_TEXT, `$1${MASK}`);
}
