import { type Job, JOB_STATUSES, JOB_TYPES, jobEndpoints, type Page } from '@envmon/shared';
import { ClusterOutlined, HistoryOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { listPageQueryOptions } from '../../../components/crud/list-endpoints';
import type { ListDefinition, ListQuery } from '../../../components/crud/list-definition';
import { formatTime } from '../../../lib/format';
import { JOB_ENDPOINTS, RUNNING_REFETCH_MS } from './api/calls';
import { JobDevicesDrawer } from './components/job-devices-drawer';
import { JobFormModal } from './components/job-form-modal';
import { JobRunsDrawer } from './components/job-runs-drawer';
import { JobStatusCell } from './components/job-status-cell';
import { JobOutcomeTag } from './components/job-tags';
import { JOB_PAGE } from './components/permissions';
import { RunNowPanel } from './components/run-now-panel';

const WIDTH = {
  name: 180,
  group: 110,
  type: 150,
  cron: 180,
  status: 170,
  next: 165,
  last: 190,
  devices: 100,
} as const;

const typeOptions = (t: TFunction) => JOB_TYPES.map((type) => ({ value: type, label: t(`job.types.${type}`) }));
const statusOptions = (t: TFunction) =>
  JOB_STATUSES.map((status) => ({ value: status, label: t(`job.statuses.${status}`) }));

/**
 * System › job (SPEC section 7 'Jobs (dgs prefix)'; issue 21): the scheduled jobs with their status, next run and
 * last outcome; writers add and edit them (a form of its own: parameters per type, the cron helper), pause and
 * resume them and run them now; everyone with the page reads their run history and devices.
 */
export const JOB_LIST: ListDefinition<Job> = {
  permission: JOB_PAGE,
  pageTestId: 'job-page',
  testId: 'job',
  rowKey: 'jobId',
  help: 'job.help',
  endpoints: JOB_ENDPOINTS,
  // Jobs are the platform's, not a project's: the header's project does not narrow them. While a job's last run is
  // still going the page is read again, so its outcome shows when it ends (a scheduled run too, not only one by hand).
  listQuery: ({ projectId: _project, ...query }: ListQuery) => ({
    ...listPageQueryOptions(jobEndpoints.list, query),
    refetchInterval: (read: { state: { data?: Page<Job> } }) =>
      read.state.data?.list.some((job) => job.lastRun !== null && job.lastRun.endTime === null)
        ? RUNNING_REFETCH_MS
        : false,
  }),
  columns: [
    { key: 'name', kind: 'text', name: 'name', title: 'job.fields.name', width: WIDTH.name, fixed: 'left' },
    { key: 'jobGroup', kind: 'text', name: 'jobGroup', title: 'job.fields.jobGroup', width: WIDTH.group },
    {
      key: 'type',
      kind: 'label',
      name: 'type',
      title: 'job.fields.type',
      width: WIDTH.type,
      labelKey: (type) => `job.types.${type}`,
    },
    {
      key: 'cron',
      kind: 'custom',
      title: 'job.fields.cron',
      width: WIDTH.cron,
      render: (row) => (
        <Flex vertical>
          <Typography.Text code>{row.cron}</Typography.Text>
          <Typography.Text type="secondary">{row.timeZone}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      kind: 'custom',
      title: 'job.fields.status',
      width: WIDTH.status,
      render: (row) => <JobStatusCell job={row} />,
    },
    {
      key: 'nextRunTime',
      kind: 'custom',
      title: 'job.fields.nextRunTime',
      width: WIDTH.next,
      // Paused jobs have none: the cell says why rather than showing a bare dash.
      render: (row, { t }) => (
        <span data-testid={`job-next-${row.jobId}`}>
          {row.nextRunTime === null ? (
            <Typography.Text type="secondary">{t('job.notScheduled')}</Typography.Text>
          ) : (
            formatTime(row.nextRunTime)
          )}
        </span>
      ),
    },
    {
      key: 'lastRun',
      kind: 'custom',
      title: 'job.fields.lastRun',
      width: WIDTH.last,
      render: (row, { t }) =>
        row.lastRun === null ? (
          <Typography.Text type="secondary">{t('job.neverRun')}</Typography.Text>
        ) : (
          <Flex vertical align="start" data-testid={`job-last-${row.jobId}`}>
            <JobOutcomeTag outcome={row.lastRun.outcome} />
            <Typography.Text type="secondary">{formatTime(row.lastRun.startTime)}</Typography.Text>
          </Flex>
        ),
    },
    {
      key: 'deviceCount',
      kind: 'custom',
      title: 'job.fields.deviceCount',
      width: WIDTH.devices,
      align: 'right',
      // A button, not a bare link: reachable by keyboard like the row's own 'devices' action.
      render: (row, { t, open }) => (
        <Button type="link" size="small" onClick={() => open('devices', row)}>
          {row.deviceCount === 0 ? t('job.allDevices') : t('job.deviceCount', { count: row.deviceCount })}
        </Button>
      ),
    },
  ],
  filterWidth: 160,
  filters: [
    { kind: 'text', name: 'name', label: 'job.fields.name' },
    { kind: 'text', name: 'jobGroup', label: 'job.fields.jobGroup' },
    { kind: 'select', name: 'type', label: 'job.fields.type', options: typeOptions },
    { kind: 'select', name: 'status', label: 'job.fields.status', options: statusOptions },
  ],
  toolbar: 'below',
  addLabel: 'common.actions.add',
  empty: 'job.empty',
  actions: {
    style: 'link',
    width: 400,
    readWidth: 190,
    fixed: 'right',
    items: [
      { kind: 'open', panel: 'run', label: 'job.actions.run', icon: <PlayCircleOutlined />, testId: true },
      {
        kind: 'open',
        panel: 'runs',
        label: 'job.actions.runs',
        icon: <HistoryOutlined />,
        testId: true,
        write: false,
      },
      {
        kind: 'open',
        panel: 'devices',
        label: 'job.actions.devices',
        icon: <ClusterOutlined />,
        testId: true,
        write: false,
      },
      { kind: 'edit', testId: true },
      { kind: 'delete', testId: true },
    ],
  },
  panels: {
    run: (row, onClose) => <RunNowPanel job={row} onClose={onClose} />,
    runs: (row, onClose) => <JobRunsDrawer job={row} onClose={onClose} />,
    devices: (row, onClose) => <JobDevicesDrawer job={row} onClose={onClose} />,
  },
  formModal: JobFormModal,
};
