import { DEVICE_SYNC_ITEMS, DEVICE_SYNC_OUTCOMES, I18N_RESOURCES, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { DETAIL_TABS } from './components/device-detail-drawer';

function resolves(lang: (typeof LANGUAGES)[number], key: string): boolean {
  const [ns = '', ...path] = key.split('.');
  let node: unknown = (I18N_RESOURCES[lang] as Record<string, unknown>)[ns];
  for (const part of path)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' && node !== '';
}

/** The details' sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(SOURCES)) {
    for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) {
      if (match[1]) keys.add(match[1]);
    }
  }
  return [...keys].sort();
}

/** Keys built from values: one per tab, sync item and outcome, data kind, group type. */
const builtKeys = [
  ...DETAIL_TABS.map((tab) => `deviceDetail.tabs.${tab}`),
  ...DEVICE_SYNC_ITEMS.map((item) => `deviceDetail.sync.items.${item}`),
  ...DEVICE_SYNC_OUTCOMES.map((outcome) => `deviceDetail.sync.outcomes.${outcome}`),
  ...['rtd', 'min', 'hour', 'day', 'month', 'year'].map((kind) => `deviceDetail.data.kinds.${kind}`),
  'deviceDetail.deploy.types.project',
  'deviceDetail.deploy.types.address',
];

describe.each(LANGUAGES)('device detail translations in %s', (lang) => {
  it('cover every key the details use', () => {
    const keys = [...literalKeys(), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length);
    // A key used with a count resolves through its plural forms (key_one, key_other).
    expect(keys.filter((key) => !resolves(lang, key) && !resolves(lang, `${key}_other`))).toEqual([]);
  });
});
