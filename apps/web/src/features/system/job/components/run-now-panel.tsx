import type { Job } from '@envmon/shared';
import { App, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunJob } from '../api/calls';
import { JobRunsDrawer } from './job-runs-drawer';

/**
 * Run now: a word of confirmation (a report job may send its file outside), then the run starts by hand — paused
 * jobs too — and the job's run history opens on it, read again until it has ended.
 */
export function RunNowPanel({ job, onClose }: { job: Job; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const run = useRunJob();
  const [started, setStarted] = useState(false);

  if (started) return <JobRunsDrawer job={job} onClose={onClose} />;
  return (
    <Modal
      open
      title={t('job.run.title')}
      onCancel={onClose}
      onOk={() =>
        run.mutate(
          { jobId: job.jobId, jobGroup: job.jobGroup },
          {
            onSuccess: () => {
              void message.success(t('job.run.started', { name: job.name }));
              setStarted(true);
            },
          },
        )
      }
      okText={t('job.actions.run')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={run.isPending}
      destroyOnHidden
      data-testid="job-run-confirm"
    >
      {t('job.run.confirm', { name: job.name })}
    </Modal>
  );
}
