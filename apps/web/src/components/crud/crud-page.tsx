import { CRUD_ENDPOINTS, type CrudColumn, type CrudDefinition, writeCode } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Card, Flex, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
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
import { PagedTable } from './paged-table';
import { RefreshButton } from './table-parts';
import { useFilteredPagedQuery } from './use-paged-query';
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
  const [editing, setEditing] = useState<CrudEditing | null>(null);
  const [exporting, setExporting] = useState(false);
  const { list, filters, search, page, setPage, table } = useFilteredPagedQuery({}, (query: FilterValues, request) => ({
    ...crudListQueryOptions(def, request, query),
    placeholderData: keepPreviousData,
  }));
  const remove = useCrudDelete(def);

  const confirmDelete = useConfirmDelete({
    remove: remove.mutateAsync,
    rowsOnPage: list.data?.list.length ?? 0,
    page,
    setPage,
  });

  const exportRows = () => {
    setExporting(true);
    // The same filters as the table narrow the export, paging does not; a refusal says why ('导出失败!').
    exportThroughLink(CRUD_ENDPOINTS[def.key].export.path, nonEmptyParams(filters))
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
        <CrudFilterBar filters={def.filters} onSearch={search} />
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
        <PagedTable<CrudRow> {...table} columns={columns} scrollX={false} size="preferred" />
      </Flex>
      {editing ? (
        <CrudFormModal def={def} editing={editing} extraRules={extraRules} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}
