import { describe, expect, it } from 'vitest';
import { hlsFailure, mediaFailure } from './play-failure';

describe('why a camera does not play', () => {
  it('reads hls.js fatal errors: playlist or codecs → format, other network errors → network', () => {
    expect(hlsFailure('networkError', 'manifestParsingError')).toBe('unsupported');
    expect(hlsFailure('mediaError', 'manifestIncompatibleCodecsError')).toBe('unsupported');
    expect(hlsFailure('networkError', 'manifestLoadError')).toBe('network');
    expect(hlsFailure('mediaError', 'bufferAppendError')).toBe('unsupported');
  });

  it('reads native media errors, asking the network when the source never loaded', async () => {
    const reachable = () => Promise.resolve({});
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await mediaFailure(2, 'https://cam/a.m3u8', reachable)).toBe('network');
    expect(await mediaFailure(4, 'https://cam/a.m3u8', reachable)).toBe('unsupported');
    expect(await mediaFailure(4, 'https://cam/a.m3u8', unreachable)).toBe('network');
    expect(await mediaFailure(3, 'https://cam/a.m3u8', reachable)).toBe('unsupported');
  });
});
