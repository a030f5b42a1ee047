/**
 * The spec's URL check (SPEC section 5): http, https or ftp; a host name or an IPv4 address;
 * an optional port and path.
 */
const IPV4 = '(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST = `(?:localhost|${LABEL}(?:\\.${LABEL})*\\.[A-Za-z]{2,63})`;
const PORT = '(?::(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3}))?';
const PATH = "(?:[/?#][^\\s]*)?";
const URL_PATTERN = new RegExp(`^(?:https?|ftp)://(?:${IPV4}|${HOST})${PORT}${PATH}$`, 'i');

export function isValidUrl(value: string): boolean {
  return URL_PATTERN.test(value.trim());
}
