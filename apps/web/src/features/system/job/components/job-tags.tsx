import type { JobRunOutcome, JobStatus } from '@envmon/shared';
import { Tag, type TagProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** antd's status colours, which follow the light and dark themes. */
export const JOB_STATUS_COLORS = {
  running: 'processing',
  paused: 'default',
} as const satisfies Record<JobStatus, TagProps['color']>;

export const JOB_OUTCOME_COLORS = {
  success: 'success',
  failed: 'error',
  timeout: 'warning',
  skipped: 'default',
} as const satisfies Record<JobRunOutcome, TagProps['color']>;

export function JobStatusTag({ status }: { status: JobStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={JOB_STATUS_COLORS[status]} data-status={status}>
      {t(`job.statuses.${status}`)}
    </Tag>
  );
}

/** A run's outcome; a run without one is still going. */
export function JobOutcomeTag({ outcome }: { outcome: JobRunOutcome | null }) {
  const { t } = useTranslation();
  if (outcome === null)
    return (
      <Tag color="processing" data-outcome="running">
        {t('job.outcomes.running')}
      </Tag>
    );
  return (
    <Tag color={JOB_OUTCOME_COLORS[outcome]} data-outcome={outcome}>
      {t(`job.outcomes.${outcome}`)}
    </Tag>
  );
}
