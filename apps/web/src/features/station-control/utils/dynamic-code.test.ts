import { I18N_RESOURCES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { asksDynamicCode, codeRefusalOf } from './dynamic-code';

const zh = I18N_RESOURCES['zh-CN'].common.messages;
const en = I18N_RESOURCES['en-US'].common.messages;

describe('the server’s dynamic-code refusals', () => {
  it('are told from other failures, in either language', () => {
    expect(codeRefusalOf(zh.dynamicCodeRequired)).toBe('dynamicCodeRequired');
    expect(codeRefusalOf('This operation needs a dynamic code.')).toBe('dynamicCodeRequired');
    expect(codeRefusalOf(en.dynamicCodeWrong)).toBe('dynamicCodeWrong');
    expect(codeRefusalOf('The dynamic code is wrong.')).toBe('dynamicCodeWrong');
    expect(codeRefusalOf(en.dynamicCodeReused)).toBe('dynamicCodeReused');
    expect(codeRefusalOf(en.dynamicCodeNotEnrolled)).toBeNull();
    expect(codeRefusalOf(zh.commandQueueFull)).toBeNull();
    expect(codeRefusalOf('Something else')).toBeNull();
  });

  it('ask for a code only when none was given, and only from the server', () => {
    expect(asksDynamicCode(new ApiError('body', zh.dynamicCodeRequired))).toBe(true);
    expect(asksDynamicCode(new ApiError('body', en.dynamicCodeRequired))).toBe(true);
    expect(asksDynamicCode(new ApiError('body', en.dynamicCodeWrong))).toBe(false);
    expect(asksDynamicCode(new Error(zh.dynamicCodeRequired))).toBe(false);
  });
});
