import type { DevopsKind, DevopsListQuery, DevopsRecord } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Select, type TableColumnsType, Tag, Typography, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../components/can';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import {
  FilterActions,
  FIRST_PAGE,
  type PageRequest,
  RefreshButton,
  usePagination,
} from '../../../../components/crud/table-parts';
import { PagedTable } from '../../../../components/crud/paged-table';
import { useConfirmDelete } from '../../../../components/crud/use-confirm-delete';
import { formatDateTime } from '../../../../lib/dayjs';
import { getSelectedProjectId } from '../../../../lib/project';
import { useDeviceOptions } from '../../../../components/use-select-options';
import { useDeleteDevopsRecord } from '../api/delete-devops-record';
import { devopsPageQueryOptions } from '../api/get-devops-records';
import { DevopsFilesDrawer, download } from '../components/devops-files-drawer';
import { DevopsFormModal } from '../components/devops-form-modal';
import { kindColor, kindLabel, kindOptions } from '../components/devops-vocabulary';
import { DEVOPS_WRITE } from '../components/permissions';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';

const FILTER_WIDTH = 200;
const KIND_FILTER_WIDTH = 140;
const DEVICE_WIDTH = 180;
const KIND_WIDTH = 110;
const TIME_WIDTH = 330;
const MAINTAINER_WIDTH = 110;
const CONTENT_WIDTH = 260;
const FILES_WIDTH = 220;
const ACTIONS_WIDTH = 250;
/** Attachments named in the table; the rest are in the drawer. */
const FILES_SHOWN = 3;

type Filters = Pick<DevopsListQuery, 'deviceId' | 'kind' | 'beginTime' | 'endTime'>;
interface FilterValues {
  deviceId?: number;
  kind?: DevopsKind;
  range?: [Dayjs | null, Dayjs | null] | null;
}
type Editing = { mode: 'create' } | { mode: 'update'; record: DevopsRecord } | { mode: 'files'; record: DevopsRecord };

function toFilters(values: FilterValues): Filters {
  const [begin, end] = values.range ?? [null, null];
  return {
    deviceId: values.deviceId,
    kind: values.kind,
    beginTime: begin ? begin.millisecond(0).valueOf() : undefined,
    endTime: end ? end.millisecond(999).valueOf() : undefined,
  };
}

/**
 * Settings › DevOps (运维管理): the maintenance records the operations contractor files after each site visit,
 * of the devices of the header's project, with their attachments; writers add, edit, attach and delete.
 */
export default function SettingsDevopsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const canWrite = useCan(DEVOPS_WRITE);
  const devices = useDeviceOptions();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<PageRequest>(FIRST_PAGE);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useQuery(
    devopsPageQueryOptions({ ...filters, ...page, projectId: getSelectedProjectId() ?? undefined }),
  );
  const pagination = usePagination(page, setPage, list.data?.total);
  const remove = useDeleteDevopsRecord();

  const search = (values: FilterValues) => {
    setFilters(toFilters(values));
    setPage({ ...page, pageNum: 1 });
  };

  const confirmDelete = useConfirmDelete({
    remove: remove.mutateAsync,
    rowsOnPage: list.data?.list.length ?? 0,
    page,
    setPage,
  });

  const columns: TableColumnsType<DevopsRecord> = [
    {
      key: 'device',
      title: t('devops.fields.device'),
      width: DEVICE_WIDTH,
      fixed: 'left',
      render: (_v, row) => (
        <Flex vertical>
          <Typography.Text ellipsis>{row.deviceName ?? EMPTY_CELL}</Typography.Text>
          {row.deviceCode ? (
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {row.deviceCode}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'kind',
      title: t('devops.fields.kind'),
      width: KIND_WIDTH,
      render: (_v, row) => <Tag color={kindColor(row.kind)}>{kindLabel(t, row.kind)}</Tag>,
    },
    {
      key: 'time',
      title: t('devops.fields.time'),
      width: TIME_WIDTH,
      render: (_v, row) =>
        `${formatDateTime(row.startTime)} – ${row.endTime === null ? EMPTY_CELL : formatDateTime(row.endTime)}`,
    },
    {
      key: 'maintainer',
      dataIndex: 'maintainer',
      title: t('devops.fields.maintainer'),
      width: MAINTAINER_WIDTH,
      ellipsis: true,
    },
    {
      key: 'content',
      dataIndex: 'content',
      title: t('devops.fields.content'),
      width: CONTENT_WIDTH,
      ellipsis: { showTitle: true },
    },
    {
      key: 'files',
      title: t('devops.fields.files'),
      width: FILES_WIDTH,
      render: (_v, row) =>
        row.files.length === 0 ? (
          EMPTY_CELL
        ) : (
          <Flex vertical>
            {row.files.slice(0, FILES_SHOWN).map((file) => (
              <Typography.Link key={file.id} ellipsis onClick={() => download(file.id)}>
                {file.fileName}
              </Typography.Link>
            ))}
            {row.files.length > FILES_SHOWN ? (
              <Typography.Link onClick={() => setEditing({ mode: 'files', record: row })}>
                {t('devops.files.count', { count: row.files.length })}
              </Typography.Link>
            ) : null}
          </Flex>
        ),
    },
    {
      key: 'createdBy',
      title: t('devops.fields.createdBy'),
      width: MAINTAINER_WIDTH,
      ellipsis: true,
      render: (_v, row) => row.createdBy ?? EMPTY_CELL,
    },
    {
      key: 'actions',
      title: t('common.table.actions'),
      width: canWrite ? ACTIONS_WIDTH : MAINTAINER_WIDTH,
      render: (_v, row) => (
        <Flex gap="small">
          <Button
            size="small"
            icon={<PaperClipOutlined />}
            onClick={() => setEditing({ mode: 'files', record: row })}
            data-testid={`devops-files-${row.id}`}
          >
            {t('devops.files.manage')}
          </Button>
          {canWrite ? (
            <>
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'update', record: row })}>
                {t('common.actions.edit')}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(row.id)}
                data-testid={`devops-delete-${row.id}`}
              >
                {t('common.actions.delete')}
              </Button>
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="settings-devops-page">
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('devops.help')}</Typography.Text>
        <Flex justify="space-between" wrap gap="small">
          <Form<FilterValues>
            form={form}
            name="devops-filter"
            layout="inline"
            onFinish={search}
            style={{ rowGap: token.marginXS }}
            role="search"
          >
            <Form.Item name="deviceId" label={t('devops.fields.device')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={devices.options}
                loading={devices.loading}
                placeholder={t('devops.allDevices')}
                style={{ width: FILTER_WIDTH }}
              />
            </Form.Item>
            <Form.Item name="kind" label={t('devops.fields.kind')}>
              <Select
                allowClear
                options={kindOptions(t)}
                placeholder={t('devops.allKinds')}
                style={{ width: KIND_FILTER_WIDTH }}
              />
            </Form.Item>
            <Form.Item name="range" label={t('devops.fields.timeRange')}>
              <DateRangePicker showTime allowEmpty={[true, true]} />
            </Form.Item>
            <FilterActions
              onReset={() => {
                form.resetFields();
                search({});
              }}
            />
          </Form>
          <Flex gap="small">
            <Can code={DEVOPS_WRITE}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ mode: 'create' })}
                data-testid="devops-add"
              >
                {t('devops.add')}
              </Button>
            </Can>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </Flex>
        </Flex>
        <PagedTable<DevopsRecord>
          list={list}
          columns={columns}
          rowKey="id"
          pagination={pagination}
          empty={t('devops.empty')}
          testId="devops"
          scrollX={'max-content'}
        />
      </Flex>
      {editing?.mode === 'create' ? (
        <DevopsFormModal onClose={() => setEditing(null)} onSaved={(record) => setEditing({ mode: 'files', record })} />
      ) : null}
      {editing?.mode === 'update' ? <DevopsFormModal record={editing.record} onClose={() => setEditing(null)} /> : null}
      {editing?.mode === 'files' ? (
        <DevopsFilesDrawer record={editing.record} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}
