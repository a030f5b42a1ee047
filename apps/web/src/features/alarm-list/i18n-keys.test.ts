import { I18N_RESOURCES, LANGUAGES, WATER_CLASSES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { THRESHOLD_TABS } from '../threshold-settings/pages/threshold-settings-page';

function resolves(lang: (typeof LANGUAGES)[number], key: string): boolean {
  const [ns = '', ...path] = key.split('.');
  let node: unknown = (I18N_RESOURCES[lang] as Record<string, unknown>)[ns];
  for (const part of path)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' && node !== '';
}

/** The alarm and threshold screens' sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '../threshold-settings/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(SOURCES)) {
    for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) if (match[1]) keys.add(match[1]);
  }
  return [...keys].sort();
}

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
    const keys = [...literalKeys(), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length);
    expect(keys.filter((key) => !resolves(lang, key))).toEqual([]);
  });
});
