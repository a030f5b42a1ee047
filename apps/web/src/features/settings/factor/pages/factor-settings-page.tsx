import type { Factor, FactorListQuery } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, type TableColumnsType, Tag, Tooltip, theme } from 'antd';
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
import { useDeleteFactor } from '../api/delete-factor';
import { factorPageQueryOptions } from '../api/get-factors';
import { FactorFormModal } from '../components/factor-form-modal';
import { categoryLabel, kindLabel, kindOptions } from '../components/factor-vocabulary';
import { FACTOR_WRITE } from '../components/permissions';
import { useConfirmDelete } from '../../../../components/crud/use-confirm-delete';

const FILTER_WIDTH = 180;
const CODE_WIDTH = 120;
const NAME_WIDTH = 180;
const SHORT_WIDTH = 90;
const TAG_WIDTH = 110;
const ACTIONS_WIDTH = 160;

type Filters = Pick<FactorListQuery, 'factorCode' | 'factorName' | 'kind'>;
type Editing = { mode: 'create' } | { mode: 'update'; factor: Factor };

const cell = (value: number | string | null) => (value === null || value === '' ? EMPTY_CELL : value);

/** Blank boxes filter nothing; text is matched as typed, without surrounding spaces. */
function toFilters(values: Filters): Filters {
  const text = (v: string | undefined) => v?.trim() || undefined;
  return { factorCode: text(values.factorCode), factorName: text(values.factorName), kind: values.kind };
}

/**
 * Settings → monitor factors (SPEC section 2 'settings: monitor factor'): the factor catalogue with its
 * quality-flag defaults and categories (the isotope report lists the 'isotope' ones). Built-in factors
 * can be edited but not deleted; the server also refuses factors a device still uses.
 */
export default function FactorSettingsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const canWrite = useCan(FACTOR_WRITE);
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<PageRequest>(FIRST_PAGE);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useQuery(factorPageQueryOptions({ ...filters, ...page }));
  const pagination = usePagination(page, setPage, list.data?.total);
  const remove = useDeleteFactor();

  const search = (next: Filters) => {
    setFilters(toFilters(next));
    setPage({ ...page, pageNum: 1 });
  };

  const confirmDelete = useConfirmDelete({
    remove: remove.mutateAsync,
    rowsOnPage: list.data?.list.length ?? 0,
    page,
    setPage,
  });

  const columns: TableColumnsType<Factor> = [
    {
      key: 'factorCode',
      dataIndex: 'factorCode',
      title: t('factorSettings.fields.factorCode'),
      width: CODE_WIDTH,
      fixed: 'left',
    },
    {
      key: 'factorName',
      dataIndex: 'factorName',
      title: t('factorSettings.fields.factorName'),
      width: NAME_WIDTH,
      ellipsis: true,
    },
    {
      key: 'factorNameEn',
      dataIndex: 'factorNameEn',
      title: t('factorSettings.fields.factorNameEn'),
      width: NAME_WIDTH,
      ellipsis: true,
    },
    {
      key: 'kind',
      title: t('factorSettings.fields.kind'),
      width: SHORT_WIDTH,
      render: (_v, row) => kindLabel(t, row.kind),
    },
    { key: 'unit', title: t('factorSettings.fields.unit'), width: SHORT_WIDTH, render: (_v, row) => cell(row.unit) },
    {
      key: 'decimals',
      title: t('factorSettings.fields.decimals'),
      width: SHORT_WIDTH,
      align: 'right',
      render: (_v, row) => cell(row.decimals),
    },
    {
      key: 'category',
      title: t('factorSettings.fields.category'),
      width: TAG_WIDTH,
      render: (_v, row) => (row.category ? <Tag color="purple">{categoryLabel(t, row.category)}</Tag> : EMPTY_CELL),
    },
    {
      key: 'builtIn',
      title: t('factorSettings.fields.builtIn'),
      width: SHORT_WIDTH,
      render: (_v, row) => (row.builtIn ? <Tag>{t('common.builtIn')}</Tag> : EMPTY_CELL),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('common.table.actions'),
            width: ACTIONS_WIDTH,
            fixed: 'right' as const,
            render: (_v: unknown, row: Factor) => (
              <Flex gap={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ mode: 'update', factor: row })}
                  data-testid={`factor-edit-${row.factorCode}`}
                >
                  {t('common.actions.edit')}
                </Button>
                <Tooltip title={row.builtIn ? t('factorSettings.builtInNoDelete') : undefined}>
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={row.builtIn}
                    onClick={() => confirmDelete(row.factorCode)}
                    data-testid={`factor-delete-${row.factorCode}`}
                  >
                    {t('common.actions.delete')}
                  </Button>
                </Tooltip>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card variant="borderless" data-testid="factor-settings-page">
      <Flex vertical gap="middle">
        {/* Named, so its fields' ids differ from the same fields' in the add/edit dialog. */}
        <Form
          form={form}
          name="factor-filter"
          layout="inline"
          onFinish={search}
          style={{ rowGap: token.marginXS }}
          role="search"
        >
          <Form.Item name="factorCode" label={t('factorSettings.fields.factorCode')}>
            <Input
              allowClear
              placeholder={t('factorSettings.filter.codePlaceholder')}
              style={{ width: FILTER_WIDTH }}
            />
          </Form.Item>
          <Form.Item name="factorName" label={t('factorSettings.fields.name')}>
            <Input
              allowClear
              placeholder={t('factorSettings.filter.namePlaceholder')}
              style={{ width: FILTER_WIDTH }}
            />
          </Form.Item>
          <Form.Item name="kind" label={t('factorSettings.fields.kind')}>
            <Select
              allowClear
              placeholder={t('factorSettings.fields.kind')}
              style={{ width: FILTER_WIDTH }}
              options={kindOptions(t)}
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
          <Can code={FACTOR_WRITE}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'create' })}
              data-testid="factor-add"
            >
              {t('common.actions.add')}
            </Button>
          </Can>
          <span style={{ marginInlineStart: 'auto' }}>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </span>
        </Flex>
        <PagedTable<Factor>
          list={list}
          columns={columns}
          rowKey="factorCode"
          pagination={pagination}
          empty={t('factorSettings.empty')}
          testId="factor"
        />
      </Flex>
      {editing ? (
        <FactorFormModal
          factor={editing.mode === 'update' ? editing.factor : undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
