import { describe, expect, it } from 'vitest';
import { isValidUrl } from './validate-url.js';

describe('isValidUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com/path?q=1',
    'ftp://files.example.org:21/pub',
    'http://192.168.1.10:8080/api',
    'https://sub.domain.example.cn',
    'http://localhost:3000',
  ])('accepts %s', (url) => {
    expect(isValidUrl(url)).toBe(true);
  });

  it.each([
    'example.com',
    'mailto:a@b.com',
    'ws://example.com',
    'http://256.1.1.1',
    'http://example',
    'http://exa mple.com',
    'http://example.com:99999',
    '',
  ])('rejects %s', (url) => {
    expect(isValidUrl(url)).toBe(false);
  });
});
