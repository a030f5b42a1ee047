import {
  COMMAND_CATALOGUE,
  COMMAND_FAMILIES,
  COMMAND_REASONS,
  COMMAND_STATES,
  EXE_RTN_CODES,
  I18N_RESOURCES,
  LANGUAGES,
  QN_RTN_CODES,
} from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';

/** The screen's sources as text, with the station-control pieces it shows (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '../../station-control/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** Keys the list definition names as data (labels, hints, refusals), besides those passed to t(…). */
const DEFINITION_KEYS = /'((?:control|common|validation)\.[\w.]+)'/g;
const usedKeys = () => [...new Set([...literalKeys(SOURCES), ...literalKeys(SOURCES, DEFINITION_KEYS)])];

/** Keys built from values: commands, families, states, return codes, parameters, reasons, rules, directions. */
const builtKeys = [
  ...COMMAND_CATALOGUE.map((command) => `control.cn.${command.cn}`),
  ...COMMAND_FAMILIES.map((family) => `control.family.${family}`),
  ...COMMAND_STATES.map((state) => `control.state.${state}`),
  ...QN_RTN_CODES.map((code) => `control.qnRtn.${code}`),
  ...EXE_RTN_CODES.map((code) => `control.exeRtn.${code}`),
  ...[...new Set(COMMAND_CATALOGUE.flatMap((command) => command.parameters.map((p) => p.name)))].map(
    (name) => `control.param.${name}`,
  ),
  ...[...new Set(COMMAND_CATALOGUE.flatMap((command) => command.parameters.map((p) => p.kind)))].map(
    (kind) => `control.rules.${kind}`,
  ),
  ...COMMAND_REASONS.map((reason) => `control.reason.${reason}`),
  ...(['sent', 'received'] as const).map((direction) => `control.screen.exchange.${direction}`),
];

/** Every key path of a translation tree, e.g. 'screen.form.title'. */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('counter control translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...usedKeys(), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 30);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    const [zh, en] = LANGUAGES.map((lang) => keyPaths(I18N_RESOURCES[lang].control).sort());
    expect(en).toEqual(zh);
  });

  it("name every key of the screen's own part somewhere in the screen", () => {
    const used = new Set([...usedKeys(), ...builtKeys]);
    // Plural forms are used through their stem (t(key, { count })).
    const unused = keyPaths(I18N_RESOURCES['zh-CN'].control.screen)
      .map((key) => `control.screen.${key}`.replace(/_(one|other)$/, ''))
      .filter((key) => !used.has(key));
    expect(unused).toEqual([]);
  });
});
