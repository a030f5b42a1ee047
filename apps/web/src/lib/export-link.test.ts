// @vitest-environment jsdom
import { LIMITS } from '@envmon/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { exportThroughLink } from './export-link';
import { i18n } from './i18n';

const get = vi.hoisted(() => vi.fn());
const notifierError = vi.hoisted(() => vi.fn());
const followExportProgress = vi.hoisted(() => vi.fn());
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<object>()), api: { get } }));
vi.mock('./notify', () => ({ notifier: { error: notifierError } }));
vi.mock('./export-progress', () => ({ followExportProgress }));

/** The links the page followed. */
function followed(): string[] {
  const links: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    links.push(this.getAttribute('href') ?? '');
  });
  return links;
}

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('exportThroughLink', () => {
  it('asks for the link with the flag, the filters and the console language, then follows it and its progress', async () => {
    const links = followed();
    get.mockResolvedValue({ url: '/a/export/download?x=1&ticket=t&progress=p', progress: 'p' });
    await exportThroughLink('/a/export', { userName: 'ad' });
    expect(get).toHaveBeenCalledWith(
      '/a/export',
      { userName: 'ad', exportSpecialFlag: 1, lang: 'en-US' },
      { timeout: LIMITS.exportTimeoutMs, quiet: true },
    );
    expect(links).toEqual(['/a/export/download?x=1&ticket=t&progress=p']);
    expect(followExportProgress).toHaveBeenCalledWith('p');
  });

  it("shows the server's reason for a refusal, and follows nothing", async () => {
    const links = followed();
    get.mockRejectedValue(new ApiError('body', '设备不在范围内', 200, -1, '000001'));
    await expect(exportThroughLink('/a/export', {})).rejects.toBeInstanceOf(ApiError);
    expect(notifierError).toHaveBeenCalledWith('设备不在范围内', LIMITS.toastDurationMs);
    expect(links).toEqual([]);
  });

  it('says the export failed when the refusal gives no reason of its own', async () => {
    get.mockRejectedValue(new ApiError('timeout', ''));
    await expect(exportThroughLink('/a/export', {})).rejects.toBeInstanceOf(ApiError);
    expect(notifierError).toHaveBeenCalledWith(i18n.t('common.messages.exportFailed'), LIMITS.toastDurationMs);
  });
});
