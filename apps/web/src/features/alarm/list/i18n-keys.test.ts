import { LANGUAGES, WATER_CLASSES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';
import { THRESHOLD_TABS } from '../../settings/threshold/pages/threshold-settings-page';

/** The alarm and threshold screens' sources as text (Vite's glob: the web project has no node types), and their selects. */
const SOURCES = import.meta.glob<string>(
  [
    './**/*.{ts,tsx}',
    '../../settings/threshold/**/*.{ts,tsx}',
    '../../../components/use-select-options.ts',
    '!**/*.test.{ts,tsx}',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Keys built from values: tabs, work-order moves, derived symbols, strategy fields, water classes. */
const builtKeys = [
  ...['current', 'history'].flatMap((tab) => [`alarmList.tabs.${tab}`, `alarmList.empty.${tab}`]),
  ...[2, 3, 4].map((status) => `alarmList.workOrder.moveTo.${status}`),
  ...THRESHOLD_TABS.map((tab) => `threshold.tabs.${tab}`),
  ...['DESC', 'ASC', 'ph'].map((symbol) => `threshold.symbols.${symbol}`),
  ...['consecutiveCount', 'recoverySeconds', 'repeatIntervalMinutes'].map((f) => `threshold.strategy.fields.${f}`),
  ...WATER_CLASSES.map((waterClass) => `threshold.water.classes.${waterClass}`),
];

describe.each(LANGUAGES)('alarm and threshold translations in %s', (lang) => {
  it('cover every key the screens use', () => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
