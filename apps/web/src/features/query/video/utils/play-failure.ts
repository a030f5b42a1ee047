/** Why a camera is not playing: no address configured, the network, a format the browser cannot play, or its play-time limit. */
export type PlayFailure = 'noAddress' | 'network' | 'unsupported' | 'timeLimit';

/** HLS's own MIME type: a browser that answers for it (Safari, iOS, recent Chrome on Android) plays HLS natively. */
export const HLS_MIME = 'application/vnd.apple.mpegurl';

/** MediaError.MEDIA_ERR_NETWORK; the other codes (aborted, decode, source not supported) mean it cannot be played. */
const MEDIA_ERR_NETWORK = 2;

/**
 * A native <video> error, by MediaError code. A source that never loaded is reported as 'not supported'
 * whether the server was unreachable or the stream unplayable, so that case asks the network: a request the
 * browser cannot complete (opaque, no CORS needed) means the network, one that completes means the format.
 */
export async function mediaFailure(
  code: number | undefined,
  url: string,
  request: (url: string) => Promise<unknown> = (u) => fetch(u, { mode: 'no-cors', cache: 'no-store' }),
): Promise<PlayFailure> {
  if (code === MEDIA_ERR_NETWORK) return 'network';
  try {
    await request(url);
    return 'unsupported';
  } catch {
    return 'network';
  }
}

/**
 * A fatal hls.js error, by its type and details (Hls.ErrorTypes / Hls.ErrorDetails values): a playlist that
 * is not HLS, codecs the browser lacks or a media error mean the format; other network errors the network.
 */
export function hlsFailure(type: string, details: string): PlayFailure {
  if (details === 'manifestParsingError' || details === 'manifestIncompatibleCodecsError') return 'unsupported';
  return type === 'networkError' ? 'network' : 'unsupported';
}
