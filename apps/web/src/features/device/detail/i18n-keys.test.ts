import { DEVICE_SYNC_ITEMS, DEVICE_SYNC_OUTCOMES, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';
import { DETAIL_TABS } from './components/device-detail-drawer';

/** The details' sources as text (Vite's glob: the web project has no node types), and the flag tag they share. */
const SOURCES = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '../../../components/vocabulary/flag-tag.tsx', '!**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

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
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length);
    // A key used with a count resolves through its plural forms (key_one, key_other).
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
