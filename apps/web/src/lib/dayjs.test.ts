import { afterEach, describe, expect, it } from 'vitest';
import { dayjs } from './dayjs';
import { i18n } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('dayjs', () => {
  it("follows i18next's language at once, before the next render, as the preferences switch it", () => {
    void i18n.changeLanguage('en-US');
    expect(dayjs.locale()).toBe('en');
    expect(dayjs('2026-11-21').format('LL dddd')).toBe('November 21, 2026 Saturday');
    void i18n.changeLanguage('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2026-11-21').format('LL dddd')).toBe('2026年11月21日 星期六');
  });
});
