import type { Job, JobRun } from '@envmon/shared';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, type TableColumnsType, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { PagedTable } from '../../../../components/crud/paged-table';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { usePagedQuery } from '../../../../components/crud/use-paged-query';
import { formatTime } from '../../../../lib/format';
import { downloadRunFile, jobRunsQueryOptions } from '../api/calls';
import { JobOutcomeTag } from './job-tags';
import { runDuration } from './run-duration';

const DRAWER_WIDTH = 1180;
/** A long log scrolls inside its row rather than pushing the other runs away. */
const LOG_MAX_HEIGHT = 320;
const WIDTH = { planned: 190, time: 165, duration: 110, outcome: 100, summary: 300, file: 130 } as const;

/** A run's log, one line a row, as the action wrote it (bounded on the server). */
function RunLog({ run }: { run: JobRun }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (run.log.length === 0) return <Typography.Text type="secondary">{t('job.runs.noLog')}</Typography.Text>;
  return (
    <pre
      style={{
        margin: 0,
        maxHeight: LOG_MAX_HEIGHT,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
      }}
      // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
      aria-label={t('job.runs.log')}
      data-testid={`job-run-log-${run.runId}`}
    >
      {run.log.join('\n')}
    </pre>
  );
}

/**
 * A job's runs, newest first: when each was planned (or who started it by hand), how long it took, how it ended,
 * what it did; a row opens on its log, and a run that wrote a file (a scheduled report) offers it for download.
 * Read again every few seconds while a run is still going.
 */
export function JobRunsDrawer({ job, onClose }: { job: Job; onClose: () => void }) {
  const { t } = useTranslation();
  const { list, table } = usePagedQuery((page) => jobRunsQueryOptions({ jobId: job.jobId, ...page }));

  const columns: TableColumnsType<JobRun> = [
    {
      key: 'planned',
      title: t('job.runs.planned'),
      width: WIDTH.planned,
      render: (_v, run) =>
        run.plannedTime === null ? (
          <Typography.Text>{t('job.runs.byHand', { user: run.startedBy ?? EMPTY_CELL })}</Typography.Text>
        ) : (
          formatTime(run.plannedTime)
        ),
    },
    { key: 'start', title: t('job.runs.start'), width: WIDTH.time, render: (_v, run) => formatTime(run.startTime) },
    { key: 'end', title: t('job.runs.end'), width: WIDTH.time, render: (_v, run) => formatTime(run.endTime) },
    {
      key: 'duration',
      title: t('job.runs.duration'),
      width: WIDTH.duration,
      align: 'right',
      render: (_v, run) => {
        if (run.endTime === null) return EMPTY_CELL;
        const { key, values } = runDuration(run.endTime - run.startTime);
        return t(key, values);
      },
    },
    {
      key: 'outcome',
      title: t('job.runs.outcome'),
      width: WIDTH.outcome,
      render: (_v, run) => <JobOutcomeTag outcome={run.outcome} />,
    },
    {
      key: 'summary',
      title: t('job.runs.summary'),
      width: WIDTH.summary,
      ellipsis: { showTitle: true },
      render: (_v, run) => run.summary || EMPTY_CELL,
    },
    {
      key: 'file',
      title: t('job.runs.file'),
      width: WIDTH.file,
      render: (_v, run) =>
        run.fileName === null ? (
          EMPTY_CELL
        ) : (
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            title={run.fileName}
            onClick={() => downloadRunFile(run.runId)}
            data-testid={`job-run-file-${run.runId}`}
          >
            {t('job.runs.download')}
          </Button>
        ),
    },
  ];

  return (
    <Drawer
      open
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={t('job.runs.title', { name: job.name })}
      destroyOnHidden
      data-testid="job-runs"
    >
      <Flex vertical gap="middle">
        <Flex gap="small" align="center">
          <Typography.Text type="secondary">{t('job.runs.help')}</Typography.Text>
          <span style={{ marginInlineStart: 'auto' }}>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </span>
        </Flex>
        <PagedTable<JobRun>
          {...table}
          columns={columns}
          rowKey="runId"
          empty={t('job.runs.empty')}
          testId="job-runs"
          scrollY="auto"
          expandable={{ expandedRowRender: (run) => <RunLog run={run} /> }}
        />
      </Flex>
    </Drawer>
  );
}
