import { theme } from 'antd';
import { useMemo } from 'react';
import type { PresetColors } from '../utils/flag-tone';

/** The current theme's colours for the vocabulary's preset names (light and dark differ). */
export function useToneColors(): PresetColors {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      colorText: token.colorText,
      colorTextTertiary: token.colorTextTertiary,
      green: token.colorSuccess,
      blue: token.blue,
      cyan: token.cyan,
      gold: token.gold,
      orange: token.orange,
      volcano: token.volcano,
      red: token.colorError,
    }),
    [token],
  );
}
