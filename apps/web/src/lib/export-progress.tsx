import { exportEndpoints, type ExportProgress, LIMITS } from '@envmon/shared';
import { Flex, Progress, Typography } from 'antd';
import { callEndpoint } from './endpoint';
import { i18n } from './i18n';
import { closeMessage, notifier, showPending } from './notify';

/** How often the console asks how far an export has got. */
export const EXPORT_POLL_MS = 700;
/** An export still waiting for its download after this long was never started (a blocked download). */
const WAITING_GIVE_UP_MS = 60_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ProgressLine({ progress }: { progress: ExportProgress }) {
  const { rows, total, state } = progress;
  const counted = total === null ? i18n.t('common.exportProgress.running', { rows }) : null;
  const text =
    state === 'waiting'
      ? i18n.t('common.exportProgress.waiting')
      : (counted ?? i18n.t('common.exportProgress.runningOf', { rows, total }));
  return (
    <Flex vertical gap={4} style={{ minWidth: 260 }} data-testid="export-progress">
      <Typography.Text>{text}</Typography.Text>
      {total !== null && total > 0 ? (
        <Progress percent={Math.min(100, Math.floor((rows / total) * 100))} size="small" />
      ) : (
        <Progress percent={100} status="active" showInfo={false} size="small" />
      )}
    </Flex>
  );
}

/**
 * Follows a streamed export by the progress id its first step answered with: while the browser
 * downloads the file, a message shows the rows written so far (and of how many, when the server
 * knows), then says it is done or that it failed. Exports that finish within one poll show only
 * the final message.
 */
export async function followExportProgress(id: string): Promise<void> {
  const key = `export-${id}`;
  const startedAt = Date.now();
  for (;;) {
    await wait(EXPORT_POLL_MS);
    let progress: ExportProgress;
    try {
      progress = await callEndpoint(exportEndpoints.progress, { query: { id } }, { quiet: true });
    } catch {
      // Gone (expired, or the server restarted): the browser's own download says what became of the file.
      closeMessage(key);
      return;
    }
    if (progress.state === 'done') {
      closeMessage(key);
      notifier.success(i18n.t('common.exportProgress.done', { rows: progress.rows }));
      return;
    }
    if (progress.state === 'failed' || (progress.state === 'waiting' && Date.now() - startedAt > WAITING_GIVE_UP_MS)) {
      closeMessage(key);
      notifier.error(i18n.t('common.messages.exportFailed'), LIMITS.toastDurationMs);
      return;
    }
    showPending(key, <ProgressLine progress={progress} />);
  }
}
