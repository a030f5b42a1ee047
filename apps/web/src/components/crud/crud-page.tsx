import { type CrudColumn, type CrudDefinition, crudPath, writeCode } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Table, type TableColumnsType, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportThroughLink } from '../../lib/export-link';
import { Can, useCan } from '../can';
import { useCrudDelete } from './api/crud-mutations';
import { crudListQueryOptions } from './api/crud-queries';
import { type CellContext, renderCell, vocabularyLang } from './cell-render';
import { ACTIONS_COLUMN_WIDTH } from './constants';
import { type CrudEditing, CrudFormModal, type ExtraRules } from './crud-form-modal';
import { CrudFilterBar } from './crud-filter-bar';
import { type FilterValues, nonEmptyParams } from './export-params';
import type { CrudRow } from './form-values';
import { useTableScrollY } from './use-table-scroll-y';
import { FIRST_PAGE, type PageRequest, QueryErrorAlert, RefreshButton, usePagination } from './table-parts';
import { useConfirmDelete } from './use-confirm-delete';

export interface CrudPageProps {
  def: CrudDefinition;
  /** Rules beyond the schema's (e.g. the user name's server-side uniqueness check). */
  extraRules?: ExtraRules;
}

/** Built-in rows (admin, seeded resources and dictionary) are refused by the server; say so up front. */
const isBuiltIn = (row: CrudRow): boolean => row.builtIn === true;

/**
 * The generic system/settings screen (STYLE.md rule 11): filter bar, paged table, add/edit form,
 * delete and xlsx export, all driven by one shared definition.
 */
export function CrudPage({ def, extraRules }: CrudPageProps) {
  const { t, i18n } = useTranslation();
  const canWrite = useCan(writeCode(def.permission));
  const [filters, setFilters] = useState<FilterValues>({});
  const [page, setPage] = useState<PageRequest>(FIRST_PAGE);
  const [editing, setEditing] = useState<CrudEditing | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useQuery({ ...crudListQueryOptions(def, page, filters), placeholderData: keepPreviousData });
  const remove = useCrudDelete(def);
  const rows = list.data?.list ?? [];
  const pagination = usePagination(page, setPage, list.data?.total);
  const tableTop = useRef<HTMLDivElement>(null);
  const tableHeight = useTableScrollY(tableTop);

  const confirmDelete = useConfirmDelete({ remove: remove.mutateAsync, rowsOnPage: rows.length, page, setPage });

  const exportRows = () => {
    setExporting(true);
    // The same filters as the table narrow the export, paging does not; a refusal says why ('导出失败!').
    exportThroughLink(crudPath(def, 'export'), nonEmptyParams(filters))
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const columns = ((): TableColumnsType<CrudRow> => {
    const ctx: CellContext = { lang: vocabularyLang(i18n.language), yes: t('common.yes'), no: t('common.no') };
    const dataColumns = def.columns.map((column: CrudColumn) => ({
      key: column.name,
      dataIndex: column.name,
      title: t(column.label),
      width: column.width,
      ellipsis: column.kind === 'text',
      render: (value: unknown) => renderCell(column, value, ctx),
    }));
    if (!canWrite) return dataColumns;
    const actions: TableColumnsType<CrudRow>[number] = {
      key: 'actions',
      title: t('common.table.actions'),
      width: ACTIONS_COLUMN_WIDTH,
      render: (_value: unknown, row: CrudRow) => (
        <Can code={writeCode(def.permission)}>
          <Flex gap="small">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ mode: 'update', row })}
            >
              {t('common.actions.edit')}
            </Button>
            <Tooltip title={isBuiltIn(row) ? t('common.messages.builtInProtected') : undefined}>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={isBuiltIn(row)}
                onClick={() => confirmDelete(row.id)}
              >
                {t('common.actions.delete')}
              </Button>
            </Tooltip>
          </Flex>
        </Can>
      ),
    };
    return [...dataColumns, actions];
  })();

  return (
    <Card variant="borderless" data-testid={`crud-${def.key}`}>
      <Flex vertical gap="middle">
        <CrudFilterBar
          filters={def.filters}
          onSearch={(values) => {
            setFilters(values);
            setPage((current) => ({ ...current, pageNum: 1 }));
          }}
        />
        <Flex justify="space-between" align="center" wrap gap="small">
          <Can code={writeCode(def.permission)}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
              {t('common.actions.add')}
            </Button>
          </Can>
          <Flex gap="small" style={{ marginInlineStart: 'auto' }}>
            <Button icon={<ExportOutlined />} loading={exporting} onClick={exportRows}>
              {t('common.actions.export')}
            </Button>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </Flex>
        </Flex>
        <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />
        <div ref={tableTop}>
          <Table<CrudRow>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            scroll={{ y: tableHeight }}
            pagination={pagination}
          />
        </div>
      </Flex>
      {editing ? (
        <CrudFormModal def={def} editing={editing} extraRules={extraRules} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}
