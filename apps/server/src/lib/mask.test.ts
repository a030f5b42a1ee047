import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets, maskUrl } from './mask.js';

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
