import { describe, expect, it } from 'vitest';
import { MASK, MASK_DEPTH_MARKER, MASK_MAX_DEPTH, maskSecrets, maskUrl } from './mask.js';

describe('maskSecrets', () => {
  it('masks password, token and secret fields at any depth and keeps the rest', () => {
    expect(
      maskSecrets({
        userName: 'admin',
        password: 'p',
        nested: { oldPassword: 'a', newPassword: 'b', client_secret: 'c', list: [{ accessToken: 't', id: 1 }] },
        code: 'oauth-code',
        deviceCode: 'DEV-1',
      }),
    ).toEqual({
      userName: 'admin',
      password: MASK,
      nested: { oldPassword: MASK, newPassword: MASK, client_secret: MASK, list: [{ accessToken: MASK, id: 1 }] },
      code: MASK,
      deviceCode: 'DEV-1',
    });
  });

  it('passes scalars and null through', () => {
    expect(maskSecrets(null)).toBeNull();
    expect(maskSecrets('x')).toBe('x');
  });

  it('walks a value nested 10,000 deep without overflowing: past the depth bound a marker stands in', () => {
    let objects: unknown = { password: 'p' };
    let arrays: unknown = ['leaf'];
    for (let i = 0; i < 10_000; i += 1) {
      objects = { a: objects };
      arrays = [arrays];
    }
    for (const deep of [objects, arrays]) {
      const masked = maskSecrets(deep);
      // The masked copy is what gets serialised: JSON.stringify itself overflows at this depth.
      expect(JSON.stringify(masked)).toContain(JSON.stringify(MASK_DEPTH_MARKER));
      let node = masked;
      for (let depth = 0; depth < MASK_MAX_DEPTH; depth += 1) {
        node = Array.isArray(node) ? node[0] : (node as { a: unknown }).a;
      }
      expect(node).toBe(MASK_DEPTH_MARKER);
    }
  });

  it('keeps values within the depth bound whole', () => {
    let value: unknown = { password: 'p', id: 1 };
    for (let i = 1; i < MASK_MAX_DEPTH; i += 1) value = { a: value };
    expect(JSON.stringify(maskSecrets(value))).toBe(JSON.stringify(value).replace('"p"', JSON.stringify(MASK)));
  });
});

describe('maskUrl', () => {
  it('masks secret query values', () => {
    expect(maskUrl('/p/change?oldPassword=a&newPassword=b&x=1')).toBe(
      `/p/change?oldPassword=${encodeURIComponent(MASK)}&newPassword=${encodeURIComponent(MASK)}&x=1`,
    );
    expect(maskUrl('/export?token=abc')).not.toContain('abc');
    expect(maskUrl('/plain')).toBe('/plain');
  });

  it('masks the authorization code in the oauth path', () => {
    expect(maskUrl('/manager/system/login/rest/oauth/abc123?x=1')).toBe(`/manager/system/login/rest/oauth/${MASK}?x=1`);
  });
});
