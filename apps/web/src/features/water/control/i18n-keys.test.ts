import {
  COMMAND_REASONS,
  COMMAND_STATES,
  EXE_RTN_CODES,
  I18N_RESOURCES,
  LANGUAGES,
  QN_RTN_CODES,
} from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';
import { LOG_CN, PANEL_CNS, PANEL_FAMILIES } from './utils/panel-actions';
import { DEFAULT_GUARDED_COMMANDS } from '../../station-control';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys built from values: the commands and their families, states, return codes, the reasons, the confirmations. */
const builtKeys = [
  ...[...PANEL_CNS, LOG_CN, ...DEFAULT_GUARDED_COMMANDS].map((cn) => `control.cn.${cn}`),
  ...PANEL_FAMILIES.map((family) => `control.family.${family}`),
  ...COMMAND_STATES.map((state) => `control.state.${state}`),
  ...QN_RTN_CODES.map((code) => `control.qnRtn.${code}`),
  ...EXE_RTN_CODES.map((code) => `control.exeRtn.${code}`),
  ...COMMAND_REASONS.map((reason) => `control.reason.${reason}`),
  'control.param.VaseNo',
  'waterControl.answer.qnRtn',
  'waterControl.answer.exeRtn',
  'waterControl.confirm.3045',
];

/** Every key path of a translation tree, e.g. 'logs.title'. */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('water station control translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 30);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    const [zh, en] = LANGUAGES.map((lang) => keyPaths(I18N_RESOURCES[lang].waterControl).sort());
    expect(en).toEqual(zh);
  });

  it('name every key the namespace holds somewhere in the screen', () => {
    const used = new Set([...literalKeys(SOURCES), ...builtKeys]);
    const unused = keyPaths(I18N_RESOURCES['zh-CN'].waterControl).filter((key) => !used.has(`waterControl.${key}`));
    expect(unused).toEqual([]);
  });
});
