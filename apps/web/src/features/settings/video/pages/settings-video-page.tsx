import type { Camera } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../components/can';
import {
  FilterActions,
  FIRST_PAGE,
  type PageRequest,
  QueryErrorAlert,
  RefreshButton,
  usePagination,
} from '../../../../components/crud/table-parts';
import { useTableHeight } from '../../../../components/use-table-height';
import { formatDateTime } from '../../../../lib/dayjs';
import { getSelectedProjectId } from '../../../../lib/project';
import { cameraPageQueryOptions, useDeleteCamera, VIDEO_SETTINGS_WRITE } from '../api/camera-api';
import { CameraFormModal } from '../components/camera-form-modal';
import { CameraPolicyModal } from '../components/camera-policy-modal';

const TABLE_OFFSET = 420;
const FILTER_WIDTH = 220;

type Editing = { mode: 'create' } | { mode: 'update'; camera: Camera } | { mode: 'policy'; camera: Camera };

/**
 * Settings 'video ys' (SPEC section 2): the cameras attached to the devices of the header's project — name,
 * HLS address, enabled — and each camera's policy (who sees it, play-time limit); add, edit, policy and delete
 * for writers.
 */
export default function SettingsVideoPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canWrite = useCan(VIDEO_SETTINGS_WRITE);
  const height = useTableHeight(TABLE_OFFSET);
  const [name, setName] = useState<string | undefined>();
  const [page, setPage] = useState<PageRequest>(FIRST_PAGE);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useQuery(cameraPageQueryOptions({ ...page, name, projectId: getSelectedProjectId() ?? undefined }));
  const pagination = usePagination(page, setPage, list.data?.total);
  const remove = useDeleteCamera();

  const confirmDelete = (camera: Camera) => {
    modal.confirm({
      title: t('common.messages.deleteConfirmTitle'),
      content: t('common.messages.deleteConfirm'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync(camera.id).then(
          () => undefined,
          // The api client has shown the reason; the dialog just closes.
          () => undefined,
        ),
    });
  };

  const columns: TableColumnsType<Camera> = [
    { key: 'name', dataIndex: 'name', title: t('query.videoSettings.fields.name'), width: 140, ellipsis: true },
    {
      key: 'device',
      dataIndex: 'deviceName',
      title: t('query.videoSettings.fields.device'),
      width: 160,
      ellipsis: true,
    },
    {
      key: 'hlsUrl',
      title: t('query.videoSettings.fields.hlsUrl'),
      width: 260,
      ellipsis: true,
      render: (_v, row) =>
        row.hlsUrl ?? <Typography.Text type="warning">{t('query.videoSettings.noAddress')}</Typography.Text>,
    },
    {
      key: 'enabled',
      title: t('query.videoSettings.fields.enabled'),
      width: 90,
      render: (_v, row) => (row.enabled ? <Tag color="blue">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
    },
    {
      key: 'visibility',
      title: t('query.videoSettings.fields.visibility'),
      width: 190,
      render: (_v, row) => t(`query.videoSettings.visibilities.${row.visibility}`),
    },
    {
      key: 'maxPlaySeconds',
      title: t('query.videoSettings.fields.playLimit'),
      width: 150,
      render: (_v, row) => (row.maxPlaySeconds > 0 ? row.maxPlaySeconds : t('query.videoSettings.unlimited')),
    },
    {
      key: 'updateTime',
      title: t('query.videoSettings.fields.updateTime'),
      width: 170,
      render: (_v, row) => formatDateTime(row.updateTime),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('common.table.actions'),
            width: 250,
            render: (_v: unknown, row: Camera) => (
              <Flex gap="small">
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ mode: 'update', camera: row })}
                >
                  {t('common.actions.edit')}
                </Button>
                <Button
                  size="small"
                  icon={<SafetyOutlined />}
                  onClick={() => setEditing({ mode: 'policy', camera: row })}
                >
                  {t('query.videoSettings.policy')}
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(row)}>
                  {t('common.actions.delete')}
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card variant="borderless" data-testid="settings-video-page">
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('query.videoSettings.help')}</Typography.Text>
        <Flex justify="space-between" wrap gap="small">
          <Form<{ name?: string }>
            layout="inline"
            onFinish={(values) => {
              setName(values.name?.trim() || undefined);
              setPage({ ...page, pageNum: 1 });
            }}
            role="search"
          >
            <Form.Item name="name" label={t('query.videoSettings.fields.name')}>
              <Input allowClear placeholder={t('query.videoSettings.searchName')} style={{ width: FILTER_WIDTH }} />
            </Form.Item>
            <FilterActions
              onReset={() => {
                setName(undefined);
                setPage(FIRST_PAGE);
              }}
            />
          </Form>
          <Flex gap="small">
            <Can code={VIDEO_SETTINGS_WRITE}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
                {t('query.videoSettings.add')}
              </Button>
            </Can>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </Flex>
        </Flex>
        <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />
        {list.data?.total === 0 && !list.isFetching ? (
          <Empty description={t('query.videoSettings.empty')} />
        ) : (
          <Table<Camera>
            rowKey="id"
            size="middle"
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            dataSource={list.data?.list ?? []}
            columns={columns}
            pagination={pagination}
            scroll={{ x: 'max-content', y: height }}
          />
        )}
      </Flex>
      {editing?.mode === 'create' ? <CameraFormModal onClose={() => setEditing(null)} /> : null}
      {editing?.mode === 'update' ? <CameraFormModal camera={editing.camera} onClose={() => setEditing(null)} /> : null}
      {editing?.mode === 'policy' ? (
        <CameraPolicyModal camera={editing.camera} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}
