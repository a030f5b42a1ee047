import { LIMITS } from '@envmon/shared';
import { api, isApiError, type QueryParams } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { notifier } from '../../../lib/notify';
import { DEVICE_URLS } from './urls';

/** The export's answer: a short-lived link to the file. */
interface ExportLink {
  url: string;
}

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
 * The spec's two-step export (SPEC section 7 'Export and templates'): a GET with
 * exportSpecialFlag=1 and the non-empty filters, which answers with a download link carrying a
 * short-lived ticket rather than the token; then the file. A refusal says why, else '导出失败!'.
 */
export async function exportDevices(filters: QueryParams): Promise<void> {
  let link: ExportLink;
  try {
    link = await api.get<ExportLink>(
      DEVICE_URLS.export,
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
}
