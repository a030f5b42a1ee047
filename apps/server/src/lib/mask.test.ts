import { describe, expect, it } from 'vitest';
import { MASK, MASK_DEPTH_MARKER, MASK_MAX_DEPTH, maskSecrets, maskText, maskUrl } from './mask.js';

describe('maskSecrets', () => {
  it('masks password, token and secret fields at any depth and keeps the rest', () => {
    expect(
      maskSecrets({
        userName: 'admin',
        password: 'p',
        nested: { oldPassword: 'a', newPassword: 'b', client_secret: 'c', list: [{ accessToken: 't', id: 1 }] },
        code: 'oauth-code',
        PW: '123456',
        deviceCode: 'DEV-1',
      }),
    ).toEqual({
      userName: 'admin',
      password: MASK,
      nested: { oldPassword: MASK, newPassword: MASK, client_secret: MASK, list: [{ accessToken: MASK, id: 1 }] },
      code: MASK,
      PW: MASK,
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

  it('masks the sign-in token in the push socket path', () => {
    expect(maskUrl('/websocket/aOID4pOPwSJ-F7vU3ZSsfso6Bvp_TyMCllG37wiXuRk')).toBe(`/websocket/${MASK}`);
  });
});

describe('maskText', () => {
  const token = 'aOID4pOPwSJ-F7vU3ZSsfso6Bvp_TyMCllG37wiXuRk';

  it('masks secrets in a serialised log line and keeps the rest', () => {
    const line = JSON.stringify({
      msg: `Reply was already sent, did you forget to "return reply" in the "/websocket/${token}" (GET) route?`,
      path: `/download?token=${token}&pageNum=1`,
      packet:
        '##0101QN=20260101000000000;ST=22;CN=2011;PW=123456;MN=LOGSECRET0001;Flag=5;CP=&&DataTime=20260101000000&&',
      header: `Bearer ${token}`,
      url: '/change?oldPassword=a%26b&newPassword=c&pw=654321&x=1',
    });
    const masked = maskText(line);
    for (const secret of [token, '123456', '654321', 'a%26b', '=c&']) expect(masked).not.toContain(secret);
    expect(JSON.parse(masked)).toEqual({
      msg: `Reply was already sent, did you forget to "return reply" in the "/websocket/${MASK}" (GET) route?`,
      path: `/download?token=${MASK}&pageNum=1`,
      packet: `##0101QN=20260101000000000;ST=22;CN=2011;PW=${MASK};MN=LOGSECRET0001;Flag=5;CP=&&DataTime=20260101000000&&`,
      header: `Bearer ${MASK}`,
      url: `/change?oldPassword=${MASK}&newPassword=${MASK}&pw=${MASK}&x=1`,
    });
  });

  it('leaves a line without secrets as it is', () => {
    const line =
      '{"msg":"station packet rejected","mn":"LOGSECRET0001","url":"/data/rest/getAll?pageNum=1&deviceCode=A"}';
    expect(maskText(line)).toBe(line);
  });
});
