import { AI_KINDS, CAMERA_VISIBILITIES, GATHER_GROUP_TYPES, GATHER_TIME_UNITS, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';
import type { PlayFailure } from '../video/utils/play-failure';

/** The gather, AI, video and video-settings screens' sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(
  [
    './**/*.{ts,tsx}',
    '../ai/**/*.{ts,tsx}',
    '../video/**/*.{ts,tsx}',
    '../../settings/video/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
  ],
  { query: '?raw', import: 'default', eager: true },
);

const FAILURES: readonly PlayFailure[] = ['noAddress', 'network', 'unsupported', 'timeLimit'];

/** Keys built from values: group types, time units, AI kinds, play failures, camera visibilities. */
const builtKeys = [
  ...GATHER_GROUP_TYPES.map((g) => `query.gather.groupTypes.${g}`),
  ...GATHER_TIME_UNITS.map((u) => `query.gather.timeUnits.${u}`),
  ...['avg', 'min', 'max'].map((f) => `query.gather.${f}`),
  ...AI_KINDS.map((k) => `query.ai.kinds.${k}`),
  ...FAILURES.map((f) => `query.video.reasons.${f}`),
  ...CAMERA_VISIBILITIES.map((v) => `query.videoSettings.visibilities.${v}`),
  'docs.documentation.queryAi.title',
  ...['p1', 'p2', 'p3', 'p4'].map((p) => `docs.documentation.queryAi.${p}`),
];

describe.each(LANGUAGES)('gather, AI and video translations in %s', (lang) => {
  it('cover every key the screens use', () => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });
});
