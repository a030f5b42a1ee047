import { I18N_RESOURCES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { codeRefusalOf, DEFAULT_GUARDED_CNS, needsCode } from './dynamic-code';

describe('dynamic codes on the panel', () => {
  it('are asked for the commands the server guards, or the defaults while its list is unknown', () => {
    expect(needsCode('3012', ['3012'])).toBe(true);
    expect(needsCode('3045', ['3012'])).toBe(false);
    expect(needsCode('3045', undefined)).toBe(true);
    expect(needsCode('3012', undefined)).toBe(false);
    expect(DEFAULT_GUARDED_CNS).toEqual(['1072', '3011', '3021', '3042', '3043', '3045', '3080', '3081', '3082']);
  });

  it('answer the server’s code refusals in either language, and no other failure', () => {
    const zh = I18N_RESOURCES['zh-CN'].common.messages;
    const en = I18N_RESOURCES['en-US'].common.messages;
    expect(codeRefusalOf(zh.dynamicCodeRequired)).toBe('dynamicCodeRequired');
    expect(codeRefusalOf(en.dynamicCodeWrong)).toBe('dynamicCodeWrong');
    expect(codeRefusalOf(en.dynamicCodeReused)).toBe('dynamicCodeReused');
    expect(codeRefusalOf(en.dynamicCodeNotEnrolled)).toBeNull();
    expect(codeRefusalOf(zh.commandQueueFull)).toBeNull();
  });
});
