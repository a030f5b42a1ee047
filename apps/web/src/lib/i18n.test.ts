import { describe, expect, it } from 'vitest';
import { I18N_RESOURCES, LANGUAGES, MESSAGES, type MessageKey } from '@envmon/shared';
import { i18n } from './i18n';
import { CONSOLE_NAMESPACES, PUBLIC_NAMESPACES, SHELL_NAMESPACES } from './i18n-namespaces';

/**
 * Every namespace file under packages/shared/src/i18n, read from the source tree (not the
 * registry) so that a file present in one language only, or never registered, is caught too.
 */
const FILES = import.meta.glob<Record<string, unknown>>('../../../../packages/shared/src/i18n/*/*.json', {
  import: 'default',
  eager: true,
});

type Tree = Record<string, unknown>;

function byLanguage(): Map<string, Map<string, Tree>> {
  const result = new Map<string, Map<string, Tree>>();
  for (const [path, tree] of Object.entries(FILES)) {
    const match = /i18n\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) throw new Error(`unexpected translation file ${path}`);
    const namespaces = result.get(match[1]) ?? new Map<string, Tree>();
    namespaces.set(match[2], tree);
    result.set(match[1], namespaces);
  }
  return result;
}

/** Leaf paths with their values. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) {
    out.set(prefix, tree);
    return out;
  }
  for (const [key, value] of Object.entries(tree)) {
    for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const files = byLanguage();
const zh = files.get('zh-CN') ?? new Map<string, Tree>();
const en = files.get('en-US') ?? new Map<string, Tree>();

describe('translation files', () => {
  it('exist for exactly the console languages, with the same namespaces', () => {
    expect([...files.keys()].sort()).toEqual([...LANGUAGES].sort());
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    expect(zh.size).toBeGreaterThan(0);
  });

  it('are each named once, as a namespace of the pages before sign-in or of the console, the layout\'s among them', () => {
    expect([...PUBLIC_NAMESPACES, ...CONSOLE_NAMESPACES].sort()).toEqual([...zh.keys()].sort());
    expect(SHELL_NAMESPACES.filter((namespace) => !CONSOLE_NAMESPACES.includes(namespace))).toEqual([]);
  });

  it('are all registered in I18N_RESOURCES', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(I18N_RESOURCES[language]).sort()).toEqual([...(files.get(language)?.keys() ?? [])].sort());
    }
  });

  describe.each([...zh.keys()].sort())('namespace %s', (namespace) => {
    const zhLeaves = leaves(zh.get(namespace));
    const enLeaves = leaves(en.get(namespace));

    it('has the same keys in zh-CN and en-US', () => {
      expect([...zhLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
    });

    it('has only non-empty strings, with the same placeholders in both languages', () => {
      for (const [key, value] of zhLeaves) {
        const other = enLeaves.get(key);
        if (typeof value !== 'string' || typeof other !== 'string') {
          expect.fail(`${namespace}.${key} is not a string in both languages`);
        }
        expect(value.trim(), `${namespace}.${key} (zh-CN)`).not.toBe('');
        expect(other.trim(), `${namespace}.${key} (en-US)`).not.toBe('');
        expect(placeholders(other), `${namespace}.${key} placeholders`).toEqual(placeholders(value));
      }
    });
  });
});

const CJK = /[\u4e00-\u9fff]/;

describe('the spec messages', () => {
  it('are translated in both languages, each exact in the language it is written in', () => {
    for (const [key, text] of Object.entries(MESSAGES) as [MessageKey, string][]) {
      const language = CJK.test(text) ? 'zh-CN' : 'en-US';
      expect(i18n.t(`common.messages.${key}`, { lng: language }), key).toBe(text);
      expect(i18n.exists(`common.messages.${key}`, { lng: language === 'zh-CN' ? 'en-US' : 'zh-CN' }), key).toBe(true);
    }
  });
});

describe('namespaced keys', () => {
  it('resolve `namespace.path` through the dot separator', () => {
    expect(i18n.t('layout.pages.password', { lng: 'en-US' })).toBe('Modify password');
    expect(i18n.t('layout.pages.password', { lng: 'zh-CN' })).toBe('修改密码');
    expect(i18n.t('validation.tooLong', { lng: 'zh-CN', max: 64 })).toBe('最多输入64位！');
  });
});
