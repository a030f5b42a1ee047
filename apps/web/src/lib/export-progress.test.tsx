// @vitest-environment jsdom
import { exportEndpoints, type ExportProgress } from '@envmon/shared';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from './api';
import { EXPORT_POLL_MS, followExportProgress } from './export-progress';
import { i18n } from './i18n';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));
const notify = vi.hoisted(() => ({
  notifier: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
  showPending: vi.fn(),
  closeMessage: vi.fn(),
}));
vi.mock('./notify', () => notify);

const answers = (...list: (ExportProgress | Error)[]) => {
  for (const answer of list) {
    if (answer instanceof Error) api.get.mockRejectedValueOnce(answer);
    else api.get.mockResolvedValueOnce(answer);
  }
};

beforeEach(async () => {
  vi.useFakeTimers();
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('followExportProgress', () => {
  it('shows the rows written of the total while the export runs, then says it is done', async () => {
    answers(
      { rows: 1000, total: 4000, state: 'running' },
      { rows: 3000, total: 4000, state: 'running' },
      { rows: 4000, total: 4000, state: 'done' },
    );
    const following = followExportProgress('p1');
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS * 3);
    await following;
    expect(api.get).toHaveBeenCalledWith(exportEndpoints.progress.path, { id: 'p1' }, { quiet: true });
    expect(notify.showPending).toHaveBeenCalledTimes(2);
    render(notify.showPending.mock.calls[1]?.[1] as ReactNode);
    expect(screen.getByText('正在导出：3000 / 4000 行')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
    expect(notify.closeMessage).toHaveBeenCalledWith('export-p1');
    expect(notify.notifier.success).toHaveBeenCalledWith('导出完成：共 4000 行');
  });

  it('counts rows when the total is unknown, in English too', async () => {
    await i18n.changeLanguage('en-US');
    answers({ rows: 250, total: null, state: 'running' }, { rows: 500, total: null, state: 'done' });
    const following = followExportProgress('p2');
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS * 2);
    await following;
    render(notify.showPending.mock.calls[0]?.[1] as ReactNode);
    expect(screen.getByText('Exporting: 250 rows written')).toBeTruthy();
    expect(notify.notifier.success).toHaveBeenCalledWith('Export finished: 500 rows');
  });

  it("says '导出失败!' when the export fails, and goes quiet when its progress is gone", async () => {
    answers({ rows: 10, total: null, state: 'failed' });
    const failing = followExportProgress('p3');
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
    await failing;
    expect(notify.notifier.error).toHaveBeenCalledWith('导出失败!', 5000);

    answers(new Error('gone'));
    const gone = followExportProgress('p4');
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
    await gone;
    expect(notify.closeMessage).toHaveBeenCalledWith('export-p4');
    expect(notify.notifier.error).toHaveBeenCalledTimes(1);
  });
});
