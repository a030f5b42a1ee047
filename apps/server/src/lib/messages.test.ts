import { MESSAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { fieldLabel, messageText, pickLanguage } from './messages.js';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['fr-FR', 'zh-CN'],
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['zh-CN', 'zh-CN'],
    ['zh-TW,zh;q=0.9', 'zh-CN'],
    ['fr;q=1, en-GB;q=0.8, zh;q=0.9', 'zh-CN'],
    ['zh;q=0, en', 'en-US'],
    [['de', 'en-US'], 'en-US'],
  ] as const)('reads %j as %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });
});

describe('messageText', () => {
  it("is the spec's Chinese for zh and the shared English for en, with its values filled in", () => {
    expect(messageText('zh-CN', 'deviceCodeTaken')).toBe(MESSAGES.deviceCodeTaken);
    expect(messageText('en-US', 'deviceCodeTaken')).toBe('Add failed: the device code already exists.');
    expect(messageText('zh-CN', 'devicesImported', { count: 3 })).toBe('成功导入3台设备！');
    expect(messageText('en-US', 'xlsxMissingColumns', { columns: (l) => (l === 'en-US' ? 'A, B' : 'A、B') })).toBe(
      'The file lacks required columns: A, B. Please use the import template.',
    );
  });
});

describe('fieldLabel', () => {
  it("takes the label of the request's own section, and the field's name when none names it", () => {
    expect(fieldLabel('en-US', 'installDate', '/manager/system/device/rest/add')).toBe('Installation date');
    expect(fieldLabel('zh-CN', 'installDate', '/manager/system/device/rest/add')).toBe('安装时间');
    // A user's password, not a station's, on the user form.
    expect(fieldLabel('zh-CN', 'password', '/manager/system/user/rest/add')).toBe('密码');
    expect(fieldLabel('zh-CN', 'password', '/manager/system/device/rest/add')).toBe('设备密码');
    expect(fieldLabel('en-US', 'pageSize', '/manager/system/user/rest/getAll?pageSize=0')).toBe('Page size');
    expect(fieldLabel('en-US', 'noSuchField', '/x')).toBe('noSuchField');
  });
});
