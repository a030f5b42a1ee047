import { REISSUE_STATUSES, type ReissueListQuery, type ReissueStatus, type ReissueTask } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Form, Select, type TableColumnsType, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../components/can';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { DeviceCell } from '../../../../components/crud/device-cell';
import { FilterActions } from '../../../../components/crud/filter-actions';
import { FIRST_PAGE, type PageRequest, RefreshButton, usePagination } from '../../../../components/crud/table-parts';
import { PagedTable } from '../../../../components/crud/paged-table';
import { UserName } from '../../../../components/user-name';
import { formatDateTime } from '../../../../lib/dayjs';
import { getSelectedProjectId } from '../../../../lib/project';
import { DeviceSelect } from '../../../../components/device-factor-select';
import { reissueTaskPageQueryOptions } from '../api/get-reissue-tasks';
import { REISSUE_WRITE } from '../components/permissions';
import { ReissueForm } from '../components/reissue-form';
import { ReissueStatusTag } from '../components/reissue-status-tag';

const WIDTH = {
  filter: 200,
  device: 180,
  short: 100,
  kind: 150,
  range: 320,
  reason: 200,
  count: 110,
  time: 170,
} as const;

type Filters = Pick<ReissueListQuery, 'deviceId' | 'status'>;

const cell = (value: number | string | null) => (value === null ? EMPTY_CELL : value);

/**
 * Settings › data reissue (SPEC section 2): writers ask the stations to send stored data again, for the
 * whole range or only its gaps; below, every device's task with its outcome. The list follows running
 * tasks by itself (RUNNING_REFETCH_MS).
 */
export default function SettingsReissuePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<PageRequest>(FIRST_PAGE);
  const list = useQuery(
    reissueTaskPageQueryOptions({ ...filters, ...page, projectId: getSelectedProjectId() ?? undefined }),
  );
  const pagination = usePagination(page, setPage, list.data?.total);

  const search = (next: Filters) => {
    setFilters({ deviceId: next.deviceId, status: next.status });
    setPage({ ...page, pageNum: 1 });
  };

  const columns: TableColumnsType<ReissueTask> = [
    {
      key: 'device',
      title: t('reissue.fields.device'),
      width: WIDTH.device,
      fixed: 'left',
      render: (_v, row) => <DeviceCell name={row.deviceName} code={row.deviceCode} />,
    },
    {
      key: 'mode',
      title: t('reissue.fields.mode'),
      width: WIDTH.short,
      render: (_v, row) => t(`reissue.modes.${row.mode}`),
    },
    { key: 'cn', title: t('reissue.fields.cn'), width: WIDTH.kind, render: (_v, row) => t(`reissue.kinds.${row.cn}`) },
    {
      key: 'range',
      title: t('reissue.fields.range'),
      width: WIDTH.range,
      render: (_v, row) => `${formatDateTime(row.beginTime)} – ${formatDateTime(row.endTime)}`,
    },
    {
      key: 'status',
      title: t('reissue.fields.status'),
      width: WIDTH.short,
      render: (_v, row) => <ReissueStatusTag status={row.status} />,
    },
    {
      key: 'reason',
      title: t('reissue.fields.reason'),
      width: WIDTH.reason,
      ellipsis: true,
      render: (_v, row) => (row.reason ? t(`reissue.reasons.${row.reason}`) : EMPTY_CELL),
    },
    {
      key: 'missing',
      title: t('reissue.fields.missing'),
      width: WIDTH.count,
      align: 'right',
      render: (_v, row) => cell(row.missing),
    },
    {
      key: 'requests',
      title: t('reissue.fields.requests'),
      width: WIDTH.count,
      align: 'right',
      render: (_v, row) => row.requests,
    },
    {
      key: 'stored',
      title: t('reissue.fields.stored'),
      width: WIDTH.count + 20,
      align: 'right',
      render: (_v, row) => `${cell(row.stored)} / ${row.expected}`,
    },
    {
      key: 'createdBy',
      title: t('reissue.fields.createdBy'),
      width: WIDTH.short,
      ellipsis: true,
      render: (_v, row) => <UserName userName={row.createdBy} />,
    },
    {
      key: 'createTime',
      title: t('reissue.fields.createTime'),
      width: WIDTH.time,
      render: (_v, row) => formatDateTime(row.createTime),
    },
    {
      key: 'finishTime',
      title: t('reissue.fields.finishTime'),
      width: WIDTH.time,
      render: (_v, row) => (row.finishTime === null ? EMPTY_CELL : formatDateTime(row.finishTime)),
    },
  ];

  return (
    <Flex vertical gap="middle" data-testid="settings-reissue-page">
      <Card variant="borderless" title={t('reissue.title')}>
        <Flex vertical gap="middle">
          <Typography.Text type="secondary">{t('reissue.description')}</Typography.Text>
          <Can code={REISSUE_WRITE}>
            <ReissueForm />
          </Can>
        </Flex>
      </Card>
      <Card variant="borderless" title={t('reissue.tasks')}>
        <Flex vertical gap="middle">
          <Flex justify="space-between" wrap gap="small">
            {/* Named, so its fields' ids differ from the request form's. */}
            <Form<Filters>
              form={form}
              name="reissue-filter"
              layout="inline"
              onFinish={search}
              style={{ rowGap: token.marginXS }}
              role="search"
            >
              <Form.Item name="deviceId" label={t('reissue.fields.device')}>
                <DeviceSelect
                  allowClear
                  placeholder={t('reissue.filter.allDevices')}
                  style={{ width: WIDTH.filter }}
                  data-testid="reissue-filter-device"
                />
              </Form.Item>
              <Form.Item name="status" label={t('reissue.fields.status')}>
                <Select<ReissueStatus>
                  allowClear
                  options={REISSUE_STATUSES.map((status) => ({
                    value: status,
                    label: t(`reissue.statuses.${status}`),
                  }))}
                  placeholder={t('reissue.filter.allStatuses')}
                  style={{ width: WIDTH.filter - 60 }}
                  data-testid="reissue-filter-status"
                />
              </Form.Item>
              <FilterActions onReset={() => search({})} />
            </Form>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </Flex>
          <PagedTable<ReissueTask>
            list={list}
            columns={columns}
            rowKey="id"
            pagination={pagination}
            empty={t('reissue.messages.empty')}
            testId="reissue"
          />
        </Flex>
      </Card>
    </Flex>
  );
}
