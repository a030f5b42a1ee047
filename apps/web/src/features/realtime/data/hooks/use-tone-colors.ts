import { theme } from 'antd';
import { useMemo } from 'react';
import type { PresetColors } from '../utils/flag-tone';

/**
 * The current theme's text colours for the vocabulary's preset names (light and dark differ): shade
 * 7, the one tags use, which the theme keeps readable on its surfaces (readable-colors.ts).
 */
export function useToneColors(): PresetColors {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      colorText: token.colorText,
      colorTextTertiary: token.colorTextTertiary,
      green: token.green7,
      blue: token.blue7,
      cyan: token.cyan7,
      gold: token.gold7,
      orange: token.orange7,
      volcano: token.volcano7,
      red: token.red7,
    }),
    [token],
  );
}
