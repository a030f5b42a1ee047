import { type Threshold, type ThresholdQuery, vocabularyLabel } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Select, type TableColumnsType, Tag, theme } from 'antd';
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
import { formatDateTime } from '../../../../lib/dayjs';
import { getSelectedProjectId } from '../../../../lib/project';
import { VocabularyTag } from '../../../../components/vocabulary/vocabulary-tag';
import { useDeviceOptions, useFactorOptions } from '../../../../components/use-select-options';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { useDeleteThreshold } from '../api/delete-threshold';
import { thresholdPageQueryOptions } from '../api/get-thresholds';
import { THRESHOLD_WRITE } from './permissions';
import { SymbolTag } from './symbol-tag';
import { ThresholdFormModal } from './threshold-form-modal';
import { useConfirmDelete } from '../../../../components/crud/use-confirm-delete';

const FILTER_WIDTH = 220;
const NAME_WIDTH = 180;
const NUMBER_WIDTH = 90;
const TAG_WIDTH = 110;
const TIME_WIDTH = 165;
const ACTIONS_WIDTH = 150;

type Filters = Pick<ThresholdQuery, 'deviceId' | 'factorCode'>;
type Editing = { mode: 'create' } | { mode: 'update'; threshold: Threshold };

const cell = (value: number | string | null) => (value === null || value === '' ? EMPTY_CELL : value);

/** The thresholds of the project's devices, by device and factor; add, edit and delete for writers. */
export function ThresholdsTab() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lang = useVocabularyLang();
  const canWrite = useCan(THRESHOLD_WRITE);
  const [form] = Form.useForm<Filters>();
  const devices = useDeviceOptions();
  const factors = useFactorOptions(Form.useWatch('deviceId', form));
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<PageRequest>(FIRST_PAGE);
  const [editing, setEditing] = useState<Editing | null>(null);
  const query = { ...filters, ...page, projectId: getSelectedProjectId() ?? undefined };
  const list = useQuery(thresholdPageQueryOptions(query));
  const pagination = usePagination(page, setPage, list.data?.total);
  const remove = useDeleteThreshold();

  const search = (next: Filters) => {
    setFilters(next);
    setPage({ ...page, pageNum: 1 });
  };

  const confirmDelete = useConfirmDelete({
    remove: remove.mutateAsync,
    rowsOnPage: list.data?.list.length ?? 0,
    page,
    setPage,
  });

  const columns: TableColumnsType<Threshold> = [
    {
      key: 'deviceName',
      dataIndex: 'deviceName',
      title: t('threshold.fields.device'),
      width: NAME_WIDTH,
      ellipsis: true,
    },
    {
      key: 'factorName',
      title: t('threshold.fields.factor'),
      width: NAME_WIDTH,
      ellipsis: true,
      render: (_v, row) => (lang === 'en' ? row.factorNameEn : row.factorName),
    },
    {
      key: 'operator',
      title: t('threshold.fields.operator'),
      width: TAG_WIDTH,
      render: (_v, row) => vocabularyLabel('thresholdSymbol', row.operator, lang),
    },
    { key: 'limit1', title: t('threshold.fields.limit1'), width: NUMBER_WIDTH, render: (_v, row) => cell(row.limit1) },
    { key: 'limit2', title: t('threshold.fields.limit2'), width: NUMBER_WIDTH, render: (_v, row) => cell(row.limit2) },
    {
      key: 'symbol',
      title: t('threshold.fields.symbol'),
      width: NUMBER_WIDTH,
      render: (_v, row) => <SymbolTag limit1={row.limit1} limit2={row.limit2} />,
    },
    { key: 'unit', title: t('threshold.fields.unit'), width: NUMBER_WIDTH, render: (_v, row) => cell(row.unit) },
    {
      key: 'overflowType',
      title: t('threshold.fields.overflowType'),
      width: TAG_WIDTH,
      render: (_v, row) => <VocabularyTag name="overflowType" value={row.overflowType} />,
    },
    {
      key: 'alarmLevel',
      title: t('threshold.fields.alarmLevel'),
      width: NUMBER_WIDTH,
      render: (_v, row) => <VocabularyTag name="alarmLevel" value={row.alarmLevel} />,
    },
    {
      key: 'enabled',
      title: t('threshold.fields.enabled'),
      width: NUMBER_WIDTH,
      render: (_v, row) => (row.enabled ? <Tag color="blue">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
    },
    {
      key: 'updateTime',
      title: t('threshold.fields.updateTime'),
      width: TIME_WIDTH,
      render: (_v, row) => formatDateTime(row.updateTime),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('common.table.actions'),
            width: ACTIONS_WIDTH,
            fixed: 'right' as const,
            render: (_v: unknown, row: Threshold) => (
              <Flex gap={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ mode: 'update', threshold: row })}
                >
                  {t('common.actions.edit')}
                </Button>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(row.id)}>
                  {t('common.actions.delete')}
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap="middle">
      <Form form={form} layout="inline" onFinish={search} style={{ rowGap: token.marginXS }} role="search">
        <Form.Item name="deviceId" label={t('threshold.fields.device')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('threshold.fields.device')}
            style={{ width: FILTER_WIDTH }}
            options={devices.options}
            loading={devices.loading}
          />
        </Form.Item>
        <Form.Item name="factorCode" label={t('threshold.fields.factor')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('threshold.fields.factor')}
            style={{ width: FILTER_WIDTH }}
            options={factors.options}
            loading={factors.loading}
          />
        </Form.Item>
        <FilterActions
          onReset={() => {
            form.resetFields();
            search({});
          }}
        />
      </Form>
      <Flex gap="small">
        <Can code={THRESHOLD_WRITE}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ mode: 'create' })}
            data-testid="threshold-add"
          >
            {t('common.actions.add')}
          </Button>
        </Can>
        <span style={{ marginInlineStart: 'auto' }}>
          <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
        </span>
      </Flex>
      <PagedTable<Threshold>
        list={list}
        columns={columns}
        rowKey="id"
        pagination={pagination}
        empty={t('threshold.empty')}
        testId="threshold"
      />
      {editing ? (
        <ThresholdFormModal
          threshold={editing.mode === 'update' ? editing.threshold : undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
