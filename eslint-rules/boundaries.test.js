import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import zones through the repository's own eslint.config.js: fixture sources linted as if
 * they sat at the given paths under apps/web/src. The files do not exist, so the parser runs
 * without type information (only this rule runs, and it needs none).
 */
const repo = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({
  cwd: repo,
  overrideConfigFile: path.join(repo, 'eslint.config.js'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'local/boundaries',
});

/** The boundary messages for `code` placed at apps/web/src/`file`. */
async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, 'apps/web/src', file) });
  return result.messages.map((message) =>
    message.ruleId === 'local/boundaries' ? message.message : `${message.ruleId}: ${message.message}`,
  );
}

describe('lint zones (eslint-rules/boundaries.js)', () => {
  // The first lint loads the whole configuration (seconds on a busy machine).
  it('fails shared components importing a feature', { timeout: 30_000 }, async () => {
    const errors = await boundaryErrors(
      'components/fixture.ts',
      "import { AlarmListPage } from '../features/alarm';\nexport const page = AlarmListPage;\n",
    );
    expect(errors).toEqual(['components/ is shared code: it must not import features/ (features/alarm).']);
  });

  it('fails lib importing a feature, dynamically too', async () => {
    const errors = await boundaryErrors('lib/fixture.ts', "export const load = () => import('../features/report');\n");
    expect(errors).toHaveLength(1);
  });

  it("fails a feature reaching into another domain's files", async () => {
    const errors = await boundaryErrors(
      'features/realtime/overflow/fixture.ts',
      "export { alarmTime } from '../../alarm/current/alarm-text';\n",
    );
    expect(errors).toEqual([
      "Import the 'alarm' feature through its index.ts (features/alarm), not features/alarm/current/alarm-text.",
    ]);
  });

  it('fails app/ and config/ reaching past an index', async () => {
    const errors = await boundaryErrors(
      'config/fixture.ts',
      "export const load = () => import('../features/report/summary/pages/report-summary-page');\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('passes imports through the index, within a domain, and into shared code', async () => {
    const errors = await boundaryErrors(
      'features/realtime/overflow/fixture.ts',
      [
        "export { alarmTime } from '../../alarm';",
        "export { alarmSummary } from '../../alarm/index';",
        "export { factorName } from '../water/utils/water-rules';",
        "export { formatValue } from '../../../lib/format';",
        "export { useVocabularyLang } from '../../../components/vocabulary/use-vocabulary-lang';",
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('lets a test reach into the feature it tests, but not shared code into features', async () => {
    const code = "export { testAlarm } from '../../../features/alarm/current/alarm.test-support';\n";
    expect(await boundaryErrors('app/layout/header/fixture.test.ts', code)).toEqual([]);
    expect(await boundaryErrors('components/map/fixture.test.ts', code.replace('../../../', '../../'))).toHaveLength(1);
  });
});
