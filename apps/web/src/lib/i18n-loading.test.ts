import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as I18nModule from './i18n';

/** A fresh copy of lib/i18n (and of i18next): nothing fetched yet, as in a browser that just opened the console. */
let fresh: typeof I18nModule;

beforeEach(async () => {
  vi.resetModules();
  fresh = await import('./i18n');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('translations fetched by need', () => {
  it('fetches at first the pages before sign-in only, then the namespaces the layout or a screen names', async () => {
    const { i18n, loadConsoleTranslations, loadShownLanguage } = fresh;
    await loadShownLanguage('zh-CN');
    expect(i18n.hasResourceBundle('zh-CN', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('zh-CN', 'realtime')).toBe(false);
    await loadConsoleTranslations(['realtime']);
    expect(i18n.hasResourceBundle('zh-CN', 'realtime')).toBe(true);
    expect(i18n.hasResourceBundle('zh-CN', 'report')).toBe(false);
    expect(i18n.hasResourceBundle('en-US', 'realtime')).toBe(false);
  });

  it('fetches a namespace no screen named when one of its texts is read, warns, and has the text afterwards', async () => {
    const { i18n, loadShownLanguage } = fresh;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await loadShownLanguage('zh-CN');

    expect(i18n.t('report.filter.device')).toBe('report.filter.device');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'report'"));

    await vi.waitFor(() => expect(i18n.hasResourceBundle('zh-CN', 'report')).toBe(true));
    expect(i18n.t('report.filter.device')).toBe('设备');
  });

  it('does not warn for a key its loaded namespace lacks', async () => {
    const { i18n, loadConsoleTranslations, loadShownLanguage } = fresh;
    await loadShownLanguage('zh-CN');
    await loadConsoleTranslations(['device']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(i18n.t('device.noSuchKey')).toBe('device.noSuchKey');
    expect(warn).not.toHaveBeenCalled();
  });

  it('brings every namespace asked for so far with a language shown later', async () => {
    const { i18n, isLanguageLoaded, loadConsoleTranslations, loadShownLanguage } = fresh;
    await loadShownLanguage('zh-CN');
    await loadConsoleTranslations(['job']);
    expect(isLanguageLoaded('en-US')).toBe(false);
    await loadShownLanguage('en-US');
    expect(i18n.hasResourceBundle('en-US', 'job')).toBe(true);
    expect(isLanguageLoaded('en-US')).toBe(true);
  });
});
