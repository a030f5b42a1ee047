import type { Job } from '@envmon/shared';
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { App, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../components/can';
import { useChangeJobStatus } from '../api/calls';
import { JOB_WRITE } from './permissions';
import { JobStatusTag } from './job-tags';

/**
 * A job's status, and for writers the button that pauses or resumes it (after a word of confirmation: a paused
 * job stops firing, a resumed one fires at its next planned time).
 */
export function JobStatusCell({ job }: { job: Job }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canWrite = useCan(JOB_WRITE);
  const change = useChangeJobStatus();
  const pausing = job.status === 'running';
  const verb = pausing ? 'pause' : 'resume';

  const confirm = () => {
    modal.confirm({
      title: t(`job.status.${verb}Title`),
      content: t(`job.status.${verb}Confirm`, { name: job.name }),
      okText: t(`job.actions.${verb}`),
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        change.mutateAsync({ jobId: job.jobId, status: pausing ? 'paused' : 'running' }).then(
          () => undefined,
          // The api client has said why; the dialog just closes.
          () => undefined,
        ),
    });
  };

  return (
    <Flex align="center" gap="small" wrap>
      <JobStatusTag status={job.status} />
      {canWrite ? (
        <Button
          type="link"
          size="small"
          icon={pausing ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={confirm}
          data-testid={`job-${verb}-${job.jobId}`}
        >
          {t(`job.actions.${verb}`)}
        </Button>
      ) : null}
    </Flex>
  );
}
