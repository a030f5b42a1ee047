import { COMMAND_STATES, I18N_RESOURCES, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { literalKeys, unresolvedKeys } from '../../../test/i18n-keys';
import { labelKeyOf, SETTABLE_NAMES } from './utils/parameter-values';

/** The screen's sources as text (Vite's glob: the web project has no node types). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys built from values: the settable parameters' labels, the command states, the value rules, the read-all count. */
const builtKeys = [
  ...SETTABLE_NAMES.map(labelKeyOf),
  ...['RtdInterval', 'MinInterval', 'SystemTime', 'SN', 'Stime'].map(labelKeyOf),
  ...COMMAND_STATES.map((state) => `control.state.${state}`),
  ...['integer', 'clock', 'time', 'text', 'command'].map((rule) => `control.rules.${rule}`),
  'validation.required',
  ...['1000', '1012', '1062', '1064', '3016', '3021'].map((cn) => `control.cn.${cn}`),
];

/** Every key path of a translation tree, e.g. 'form.title'. */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

/** A plural form names the key it is used by. */
const baseKey = (key: string) => key.replace(/_(one|other)$/, '');

describe('device parameters translations', () => {
  it.each(LANGUAGES)('cover every key the screen uses in %s', (lang) => {
    const keys = [...literalKeys(SOURCES), ...builtKeys];
    expect(keys.length).toBeGreaterThan(builtKeys.length + 20);
    expect(unresolvedKeys(lang, keys)).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    const [zh, en] = LANGUAGES.map((lang) => keyPaths(I18N_RESOURCES[lang].deviceParameters).sort());
    expect(en).toEqual(zh);
  });

  it('name every key the namespace holds somewhere in the screen', () => {
    const used = new Set(literalKeys(SOURCES));
    const unused = keyPaths(I18N_RESOURCES['zh-CN'].deviceParameters).filter(
      (key) => !used.has(`deviceParameters.${baseKey(key)}`),
    );
    expect(unused).toEqual([]);
  });
});
