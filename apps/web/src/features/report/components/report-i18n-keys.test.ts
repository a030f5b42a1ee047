import {
  LANGUAGES,
  REPORT_CONTRAST_MODES,
  REPORT_CONTRAST_PERIODS,
  REPORT_MESSAGES,
  REPORT_STANDARDS,
  REPORT_TIME_UNITS,
  REPORT_WATER_CLASSES,
} from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The report parts' and the five report screens' sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(
  [
    './**/*.{ts,tsx}',
    '../single-station/**/*.{ts,tsx}',
    '../multi-station/**/*.{ts,tsx}',
    '../contrast/**/*.{ts,tsx}',
    '../factor-bar/**/*.{ts,tsx}',
    '../radar/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Keys built from values (units, periods, standards, classes) and the server's validation messages. */
const builtKeys = [
  ...REPORT_TIME_UNITS.map((u) => `report.units.${u}`),
  ...REPORT_CONTRAST_MODES.map((m) => `report.contrast.modes.${m}`),
  ...REPORT_CONTRAST_PERIODS.map((p) => `report.contrast.periods.${p}`),
  ...REPORT_STANDARDS.map((s) => `report.standards.${s}`),
  ...REPORT_WATER_CLASSES.map((c) => `report.waterClasses.${c}`),
  ...['avg', 'min', 'max'].map((s) => `report.columns.${s}`),
  ...Object.values(REPORT_MESSAGES),
];

describe.each(LANGUAGES)('report translations in %s', (lang) => {
  it('cover every key the report screens and their exports use', () => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 20);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
