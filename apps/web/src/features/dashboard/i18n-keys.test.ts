import { DASHBOARD_CARDS, DASHBOARD_VARIANTS, LANGUAGES, STATION_STATES, WATER_CLASS_INFERIOR } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../test/i18n-keys';

/** The dashboards' sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys built from values: card titles, station states, variants, connection states, notices, water classes. */
const builtKeys = [
  ...DASHBOARD_CARDS.map((card) => `dashboard.cards.${card}`),
  ...STATION_STATES.map((state) => `dashboard.states.${state}`),
  ...DASHBOARD_VARIANTS.map((variant) => `dashboard.variants.${variant}`),
  ...['open', 'connecting', 'closed'].map((state) => `dashboard.wall.live.${state}`),
  ...['noCards', 'noStations'].map((notice) => `dashboard.${notice}`),
  ...Array.from({ length: WATER_CLASS_INFERIOR }, (_, i) => `realtime.water.class.${i + 1}`),
];

describe.each(LANGUAGES)('dashboard translations in %s', (lang) => {
  it('cover every key the home page and the wall use', () => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
