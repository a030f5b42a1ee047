import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps console paths with their query', () => {
    expect(safeRedirect('/system/user?x=1')).toBe('/system/user?x=1');
  });

  it('refuses other origins and empty values', () => {
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
