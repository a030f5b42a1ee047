import { PUBLIC, SIGNED_IN } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { decide } from './permission.js';

const viewer = { isAdmin: false, codes: new Set(['query.history']) };
const admin = { isAdmin: true, codes: new Set<string>() };

describe('decide', () => {
  it('lets anyone call public routes', () => {
    expect(decide(PUBLIC, null)).toBe('allow');
  });

  it('needs a session for everything else', () => {
    expect(decide(SIGNED_IN, null)).toBe('unauthenticated');
    expect(decide('system.user', null)).toBe('unauthenticated');
  });

  it('lets any signed-in user call signed-in routes', () => {
    expect(decide(SIGNED_IN, viewer)).toBe('allow');
  });

  it('needs the resource code, unless the caller is admin', () => {
    expect(decide('query.history', viewer)).toBe('allow');
    expect(decide('system.user', viewer)).toBe('forbidden');
    expect(decide('system.user:write', admin)).toBe('allow');
  });
});
