import { describe, expect, it } from 'vitest';
import { themeConfig } from './theme';

describe('themeConfig', () => {
  it('switches antd motion off when the user asks the system for less motion, and only then', () => {
    expect(themeConfig('dark', 'medium', true).token?.motion).toBe(false);
    expect(themeConfig('dark', 'medium').token?.motion).toBeUndefined();
    // The rest of the theme is the same.
    expect(themeConfig('dark', 'medium', true).components).toBe(themeConfig('dark', 'medium').components);
  });
});
