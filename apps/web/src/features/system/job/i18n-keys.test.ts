import {
  I18N_RESOURCES,
  JOB_GRANULES,
  JOB_MISFIRE_POLICIES,
  JOB_PARAMS_SCHEMAS,
  JOB_REPORT_KINDS,
  JOB_REPORT_PERIODS,
  JOB_RUN_OUTCOMES,
  JOB_STATUSES,
  JOB_TYPES,
  LANGUAGES,
} from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys the list definition names as data (labels, hints), besides those passed to t(…). */
const DEFINITION_KEYS = /'((?:job|common)\.[\w.]+)'/g;
const usedKeys = () => [...new Set([...literalKeys(SOURCES), ...literalKeys(SOURCES, DEFINITION_KEYS)])];

const NUMBER_PARAMS = ['windowHours', 'originalDays', 'minuteDays', 'periodHours', 'minTransmissionRate'];

/** Keys built from values: the vocabularies, each parameter's label and hint, pause/resume. */
const builtKeys = [
  ...JOB_TYPES.map((type) => `job.types.${type}`),
  ...JOB_STATUSES.map((status) => `job.statuses.${status}`),
  ...JOB_RUN_OUTCOMES.map((outcome) => `job.outcomes.${outcome}`),
  ...JOB_MISFIRE_POLICIES.map((policy) => `job.misfirePolicies.${policy}`),
  ...JOB_REPORT_KINDS.map((kind) => `job.reportKinds.${kind}`),
  ...JOB_REPORT_PERIODS.map((period) => `job.periods.${period}`),
  ...JOB_GRANULES.map((granule) => `job.granules.${granule}`),
  ...Object.values(JOB_PARAMS_SCHEMAS).flatMap((schema) =>
    Object.keys(schema.shape).map((name) => `job.params.${name}`),
  ),
  ...NUMBER_PARAMS.map((name) => `job.paramHints.${name}`),
  ...['pause', 'resume'].flatMap((verb) => [
    `job.actions.${verb}`,
    `job.status.${verb}Title`,
    `job.status.${verb}Confirm`,
  ]),
  ...['millis', 'seconds', 'minutes', 'hours'].map((unit) => `job.duration.${unit}`),
];

function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('job translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...usedKeys(), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 40);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    const [zh, en] = LANGUAGES.map((lang) => keyPaths(I18N_RESOURCES[lang].job).sort());
    expect(en).toEqual(zh);
  });

  it('name every key the namespace holds somewhere in the screen', () => {
    const used = new Set([...usedKeys(), ...builtKeys]);
    // A counted text's plural forms (deviceCount_one, _other) are used as the key without them.
    const unused = keyPaths(I18N_RESOURCES['zh-CN'].job)
      .map((key) => key.replace(/_(one|other)$/, ''))
      .filter((key) => !used.has(`job.${key}`));
    expect(unused).toEqual([]);
  });
});
