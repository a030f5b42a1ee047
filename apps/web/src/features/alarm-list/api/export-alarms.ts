import { type AlarmFilter, LIMITS } from '@envmon/shared';
import { api, isApiError } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { notifier } from '../../../lib/notify';
import { ALARM_LIST_URLS } from './urls';

/**
 * The spec's two-step export, as the device list does it (export-devices.ts): the GET with
 * exportSpecialFlag=1 answers with a download link carrying a one-minute ticket; the link is then
 * followed in place (the answer is an attachment). A refusal says why, else '导出失败!'.
 */
export async function exportAlarms(filter: AlarmFilter): Promise<void> {
  let link: { url: string };
  try {
    link = await api.get<{ url: string }>(
      ALARM_LIST_URLS.export,
      { ...filter, exportSpecialFlag: 1 },
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
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
