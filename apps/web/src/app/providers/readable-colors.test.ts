import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, parseColor } from './readable-colors';
import { CHROME, themeConfig, THEMES } from './theme';

describe('contrastRatio', () => {
  it('measures WCAG ratios, translucent text seen over its background', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // antd's orange text on white: the 2.4:1 of the issue.
    expect(contrastRatio('#fa8c16', '#ffffff')).toBeCloseTo(2.37, 1);
    expect(contrastRatio('rgba(0,0,0,0.45)', '#ffffff')).toBeCloseTo(contrastRatio('#8c8c8c', '#ffffff'), 1);
    expect(parseColor('#abc')).toEqual([170, 187, 204, 1]);
  });
});

describe.each(THEMES)('the %s theme', (name) => {
  const token = antdTheme.getDesignToken(themeConfig(name, 'medium'));
  const surfaces = [token.colorBgContainer, token.colorBgLayout, token.colorBgElevated];
  const readable = (text: string, backgrounds: readonly string[]) =>
    backgrounds.map((background) => contrastRatio(text, background)).every((ratio) => ratio >= AA_CONTRAST);

  it.each([
    'orange',
    'gold',
    'green',
    'cyan',
    'volcano',
    'red',
    'blue',
    'purple',
    'magenta',
    'lime',
    'yellow',
    'geekblue',
  ])('draws %s text (tags, flag legend) readable on the surfaces and on its own tint', (preset) => {
    const shades = token as unknown as Record<string, string>;
    expect(readable(shades[`${preset}7`] ?? '', [...surfaces, shades[`${preset}1`] ?? ''])).toBe(true);
  });

  it('has readable grey, placeholder, link, status and primary-button text', () => {
    for (const text of [
      token.colorText,
      token.colorTextSecondary,
      token.colorTextTertiary,
      token.colorTextDescription,
      token.colorTextPlaceholder,
      token.colorLink,
      token.colorPrimaryText,
      token.colorSuccessText,
      token.colorWarningText,
      token.colorErrorText,
    ]) {
      expect(readable(text, surfaces), text).toBe(true);
    }
    // Danger links and buttons draw their text in the error colour.
    expect(readable(token.colorError, [...surfaces, token.colorErrorBg]), 'danger links').toBe(true);
    // Status tags write in the status colours on their tints.
    const tag = themeConfig(name, 'medium').components?.Tag;
    expect(readable(tag?.colorSuccess ?? '', [...surfaces, token.colorSuccessBg])).toBe(true);
    expect(readable(tag?.colorWarning ?? '', [...surfaces, token.colorWarningBg])).toBe(true);
    expect(readable(tag?.colorError ?? '', [...surfaces, token.colorErrorBg])).toBe(true);
    expect(readable(tag?.colorInfo ?? '', [...surfaces, token.colorInfoBg])).toBe(true);
    expect(readable(token.colorTextLightSolid, [token.colorPrimary, CHROME[name].selected])).toBe(true);
  });
});
