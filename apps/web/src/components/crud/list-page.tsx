import { type Page, writeCode } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { QueryKey } from '@tanstack/react-query';
import { Button, Card, Flex, type TableColumnsType, Tooltip, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSelectedProjectId } from '../../lib/project';
import { useVocabularyLang } from '../vocabulary/use-vocabulary-lang';
import { Can, useCan } from '../can';
import { useListDelete } from './api/list-mutations';
import { listTableColumns } from './list-cells';
import { type ListAction, type ListCellContext, type ListDefinition, type ListRow, rowKeyOf } from './list-definition';
import { ListFilterForm } from './list-filter-form';
import { ListFormModal } from './list-form-modal';
import { PagedTable } from './paged-table';
import { RefreshButton } from './table-parts';
import { useFilteredPagedQuery } from './use-paged-query';
import { useConfirmDelete } from './use-confirm-delete';

type Editing<Row> = { mode: 'create' } | { mode: 'update'; row: Row } | { mode: 'panel'; panel: string; row: Row };

const isWrite = <Row,>(action: ListAction<Row>) => action.kind !== 'open' || action.write !== false;

/**
 * A settings list from its definition (STYLE.md rule 11): filters, add, refresh, the paged table with its
 * row actions, the add/edit form and the panels (drawers) rows open, within the header's project.
 * `embedded`: inside a screen's own card (a tab of ListTabs), so without one of its own.
 */
export function ListPage<Row extends ListRow, K extends QueryKey>({
  def,
  embedded = false,
}: {
  def: ListDefinition<Row, K>;
  embedded?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lang = useVocabularyLang();
  const write = writeCode(def.permission);
  const canWrite = useCan(write);
  const [editing, setEditing] = useState<Editing<Row> | null>(null);
  const projectId = getSelectedProjectId() ?? undefined;
  const { list, page, setPage, search, table } = useFilteredPagedQuery<Record<string, unknown>, Page<Row>, K>(
    {},
    (filters, paging) => def.listQuery({ ...filters, ...paging, projectId }),
  );
  const remove = useListDelete(def.endpoints, def.rowKey ?? 'id');
  const close = () => setEditing(null);
  const open = (panel: string, row: Row) => setEditing({ mode: 'panel', panel, row });

  const confirmDelete = useConfirmDelete({
    remove: remove.mutateAsync,
    rowsOnPage: list.data?.list.length ?? 0,
    page,
    setPage,
  });

  const ctx: ListCellContext<Row> = { t, token, lang, loadedAt: list.dataUpdatedAt, open };
  const { style, items } = def.actions;
  const shown = items.filter((action) => canWrite || !isWrite(action));
  const buttonProps = style === 'link' ? ({ type: 'link', size: 'small' } as const) : ({ size: 'small' } as const);
  const testIdOf = (action: { testId?: boolean }, name: string, row: Row) =>
    action.testId ? `${def.testId}-${name}-${rowKeyOf(def, row)}` : undefined;

  const actionButton = (action: ListAction<Row>, row: Row): ReactNode => {
    switch (action.kind) {
      case 'edit': {
        const refused = action.refuse?.(row);
        const button = (
          <Button
            key="edit"
            {...buttonProps}
            icon={<EditOutlined />}
            disabled={action.refuse ? refused !== undefined : undefined}
            onClick={() => setEditing({ mode: 'update', row })}
            data-testid={testIdOf(action, 'edit', row)}
          >
            {t('common.actions.edit')}
          </Button>
        );
        return action.refuse ? (
          <Tooltip key="edit" title={refused ? t(refused) : undefined}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      }
      case 'delete': {
        const refused = action.refuse?.(row);
        const { wording } = action;
        const button = (
          <Button
            key="delete"
            {...buttonProps}
            danger
            icon={wording ? wording.icon : <DeleteOutlined />}
            disabled={action.refuse ? refused !== undefined : undefined}
            onClick={() => confirmDelete(rowKeyOf(def, row), wording)}
            data-testid={testIdOf(action, 'delete', row)}
          >
            {t(wording?.label ?? 'common.actions.delete')}
          </Button>
        );
        return action.refuse ? (
          <Tooltip key="delete" title={refused ? t(refused) : undefined}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      }
      case 'open':
        return (
          <Button
            key={action.panel}
            {...buttonProps}
            icon={action.icon}
            onClick={() => open(action.panel, row)}
            data-testid={testIdOf(action, action.panel, row)}
          >
            {t(action.label)}
          </Button>
        );
    }
  };

  const columns: TableColumnsType<Row> = [
    ...listTableColumns(def.columns, ctx),
    ...(shown.length > 0
      ? [
          {
            key: 'actions',
            title: t('common.table.actions'),
            width: canWrite ? def.actions.width : (def.actions.readWidth ?? def.actions.width),
            fixed: def.actions.fixed,
            render: (_v: unknown, row: Row) => (
              <Flex gap={style === 'link' ? 0 : 'small'}>{shown.map((action) => actionButton(action, row))}</Flex>
            ),
          },
        ]
      : []),
  ];

  const filterForm = (
    <ListFilterForm name={`${def.testId}-filter`} filters={def.filters} width={def.filterWidth} onSearch={search} />
  );
  const add =
    (def.form || def.formModal) && def.addLabel ? (
      <Can code={write}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ mode: 'create' })}
          data-testid={`${def.testId}-add`}
        >
          {t(def.addLabel)}
        </Button>
      </Can>
    ) : null;
  const refresh = <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />;
  const Summary = def.summary;
  const FormModal = def.formModal;

  const content = (
    <>
      <Flex vertical gap="middle">
        {def.help ? <Typography.Text type="secondary">{t(def.help)}</Typography.Text> : null}
        {def.toolbar === 'below' ? (
          <>
            {filterForm}
            <Flex gap="small" align="center">
              {add}
              {Summary ? <Summary projectId={projectId} /> : null}
              <span style={{ marginInlineStart: 'auto' }}>{refresh}</span>
            </Flex>
          </>
        ) : (
          <Flex justify="space-between" wrap gap="small">
            {filterForm}
            <Flex gap="small">
              {add}
              {Summary ? <Summary projectId={projectId} /> : null}
              {refresh}
            </Flex>
          </Flex>
        )}
        <PagedTable<Row>
          {...table}
          columns={columns}
          rowKey={def.rowKey}
          empty={t(def.empty)}
          testId={def.testId}
          scrollX={def.scrollX}
          size={def.tableSize}
        />
      </Flex>
      {editing?.mode === 'create' && FormModal ? <FormModal onClose={close} /> : null}
      {editing?.mode === 'update' && FormModal ? <FormModal row={editing.row} onClose={close} /> : null}
      {editing?.mode === 'create' && !FormModal ? (
        <ListFormModal
          def={def}
          onClose={close}
          onCreated={def.form?.afterCreate ? (row) => open(def.form?.afterCreate ?? '', row) : undefined}
        />
      ) : null}
      {editing?.mode === 'update' && !FormModal ? <ListFormModal def={def} row={editing.row} onClose={close} /> : null}
      {editing?.mode === 'panel' ? def.panels?.[editing.panel]?.(editing.row, close) : null}
    </>
  );
  return embedded ? (
    content
  ) : (
    <Card variant="borderless" data-testid={def.pageTestId}>
      {content}
    </Card>
  );
}
