import { type ExportLink, LIMITS } from '@envmon/shared';
import { api, isApiError, type QueryParams } from './api';
import { i18n } from './i18n';
import { followExportProgress } from './export-progress';
import { notifier } from './notify';

/** Follows a file link in place: the server answers with an attachment, so the page stays. */
function follow(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The spec's two-step export (SPEC section 7 'Export and templates') for routes that answer with
 * a ticketed link: a GET with exportSpecialFlag=1 and the non-empty filters answers with a
 * download link carrying a one-minute, single-use ticket rather than the token; then the file.
 * A refusal says why, else '导出失败!'. A streamed export also names its progress id: the console
 * then shows how far the file has got until it is done.
 */
export async function exportThroughLink(url: string, filters: QueryParams): Promise<void> {
  let link: ExportLink;
  try {
    link = await api.get<ExportLink>(
      url,
      { ...filters, exportSpecialFlag: 1, lang: i18n.language },
      { timeout: LIMITS.exportTimeoutMs, quiet: true },
    );
  } catch (error) {
    if (isApiError(error) && error.kind !== 'unauthorized') {
      notifier.error(
        error.kind === 'body' ? error.desc : i18n.t('common.messages.exportFailed'),
        LIMITS.toastDurationMs,
      );
    }
    throw error;
  }
  follow(link.url);
  if (link.progress) void followExportProgress(link.progress);
}
