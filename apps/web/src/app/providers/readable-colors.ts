import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * One rule for every coloured text in both themes: it reaches WCAG AA (4.5:1 for body text)
 * against every surface it is drawn on. antd's defaults do not (orange text on white is 2.4:1, the
 * light primary button 4.1:1, grey descriptions 3.4:1), so the theme picks, from antd's own
 * palettes, the nearest shade that does, and hands it to the tokens every component reads:
 * preset shade 7 (tags and coloured text), the semantic text colours, links, the primary fill
 * under white text, and the grey text levels.
 */

export const AA_CONTRAST = 4.5;

type Rgba = readonly [number, number, number, number];

/** '#rgb', '#rrggbb', '#rrggbbaa' or 'rgb(a)(r, g, b[, a])' as antd tokens write them. */
export function parseColor(color: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    const byte = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return [byte(0), byte(2), byte(4), digits.length === 8 ? byte(6) / 255 : 1];
  }
  const rgb = /^rgba?\(([^)]+)\)$/i.exec(color.trim());
  if (rgb?.[1]) {
    const [r = 0, g = 0, b = 0, a = 1] = rgb[1].split(',').map((part) => Number(part.trim()));
    return [r, g, b, a];
  }
  throw new Error(`not a colour: ${color}`);
}

/** The colour seen when `top` (maybe translucent) is drawn over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (bottom[i] ?? 0) * (1 - a)) as unknown as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of text `foreground` on the opaque `background`. */
export function contrastRatio(foreground: string, background: string): number {
  const bottom = parseColor(background);
  const top = over(parseColor(foreground), bottom);
  const [light, dark] = [luminance(top), luminance(bottom)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const readableOn = (foreground: string, backgrounds: readonly string[]): boolean =>
  backgrounds.every((background) => contrastRatio(foreground, background) >= AA_CONTRAST);

/** antd's preset colour names: each has a palette of ten shades, 1 (tint) to 10. */
const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

type Token = ReturnType<typeof antdTheme.getDesignToken>;
const shade = (token: Token, preset: string, index: number): string =>
  (token as unknown as Record<string, string>)[`${preset}${index}`] ?? '';

/**
 * The text shade of a preset: shade 7 (what antd's tags use) if it is readable on the page's
 * surfaces and on the preset's own tint (a tag's background), else the next shade away from the
 * background that is (darker in the light theme, lighter in the dark one, as antd orders them).
 */
export function textShade(token: Token, preset: string, surfaces: readonly string[]): string {
  const backgrounds = [...surfaces, shade(token, preset, 1)];
  for (let index = 7; index <= 10; index++) {
    const candidate = shade(token, preset, index);
    if (readableOn(candidate, backgrounds)) return candidate;
  }
  return shade(token, preset, 10);
}

/**
 * The least opaque grey of the text colour's hue (antd writes grey text as black or white with an
 * alpha), starting at antd's own level, that is readable on every surface.
 */
export function readableGrey(textColor: string, fromAlpha: number, surfaces: readonly string[]): string {
  const [r, g, b] = parseColor(textColor);
  for (let alpha = Math.round(fromAlpha * 100); alpha <= 100; alpha++) {
    const candidate = `rgba(${r},${g},${b},${alpha / 100})`;
    if (readableOn(candidate, surfaces)) return candidate;
  }
  return textColor;
}

/**
 * The token overrides that make the theme's text readable, derived from the theme it overrides
 * (`base`: algorithm and seed), so light and dark each get the shades that suit their surfaces.
 */
export function readableTokens(base: ThemeConfig): {
  token: NonNullable<ThemeConfig['token']>;
  tabs: { itemSelectedColor: string };
  tag: { colorSuccess: string; colorWarning: string; colorError: string; colorInfo: string };
} {
  const token = antdTheme.getDesignToken(base);
  const surfaces = [
    token.colorBgContainer,
    token.colorBgLayout,
    token.colorBgElevated,
    // Translucent fills (table headers, filled and hovered controls) are seen over the container.
    token.colorFillAlter,
    token.colorFillTertiary,
    token.colorFillSecondary,
  ].map((fill) => (parseColor(fill)[3] < 1 ? rgbaOver(fill, token.colorBgContainer) : fill));
  const overrides: Record<string, string> = {};
  for (const preset of PRESETS) {
    const text = textShade(token, preset, surfaces);
    overrides[`${preset}7`] = text;
    overrides[`${preset}-7`] = text;
  }
  // The console's primary is the blue preset (theme.ts PRIMARY_COLOR), so its palette is blue's.
  const primaryText = textShade(token, 'blue', surfaces);
  const grey = readableGrey(token.colorText, 0.45, surfaces);
  Object.assign(overrides, {
    colorSuccessText: textShade(token, 'green', surfaces),
    colorWarningText: textShade(token, 'gold', surfaces),
    colorErrorText: textShade(token, 'red', surfaces),
    colorInfoText: primaryText,
    colorPrimaryText: primaryText,
    colorTextTertiary: grey,
    colorTextDescription: grey,
    colorTextPlaceholder: grey,
  });
  // Seeds go through the algorithm again (the dark one darkens them), so a seed is chosen by what
  // it becomes: links readable on the surfaces; white text readable on the primary fill (buttons).
  type Seed = 'colorLink' | 'colorPrimary' | 'colorError';
  const seed = (key: Seed, preset: string, ...tests: ((derived: Token) => boolean)[]) => {
    const candidates = [7, 8, 9, 10].map((index) => shade(token, preset, index));
    const derive = (candidate: string) =>
      antdTheme.getDesignToken({ ...base, token: { ...base.token, [key]: candidate } });
    // The first test that antd's colour or a shade passes decides; later tests are fallbacks.
    for (const ok of tests) {
      if (ok(token)) return;
      const chosen = candidates.find((candidate) => ok(derive(candidate)));
      if (chosen) {
        overrides[key] = chosen;
        return;
      }
    }
  };
  const underWhite = (key: Seed) => (derived: Token) => readableOn(derived.colorTextLightSolid, [derived[key]]);
  // As text on the surfaces and, for a status colour, on its own tint (a status tag's background).
  const asText = (key: Seed, tint?: 'colorErrorBg') => (derived: Token) =>
    readableOn(derived[key], tint ? [...surfaces, derived[tint]] : surfaces);
  seed('colorLink', 'blue', asText('colorLink'));
  // Primary buttons and selected items carry white text; primary-coloured text uses colorPrimaryText.
  seed('colorPrimary', 'blue', underWhite('colorPrimary'));
  // Red is text far more often (delete links, form errors, status tags) than a fill under white
  // text (a danger button): both where a shade allows it (light), else readable as text (dark).
  const errorText = asText('colorError', 'colorErrorBg');
  seed('colorError', 'red', (derived) => errorText(derived) && underWhite('colorError')(derived), errorText);
  return {
    token: overrides,
    tabs: { itemSelectedColor: primaryText },
    // Status tags write their text in the status colour itself (a seed, also used as a fill), so
    // tags alone get the readable shades; their tints stay antd's.
    tag: {
      colorSuccess: overrides['colorSuccessText'] ?? token.colorSuccessText,
      colorWarning: overrides['colorWarningText'] ?? token.colorWarningText,
      colorError: overrides['colorErrorText'] ?? token.colorErrorText,
      colorInfo: primaryText,
    },
  };
}

function rgbaOver(top: string, bottom: string): string {
  const [r, g, b] = over(parseColor(top), parseColor(bottom));
  return `rgb(${Math.round(r)},${Math.round(g)},${Math.round(b)})`;
}
