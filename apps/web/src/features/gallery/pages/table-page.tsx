import { CRUD, type CrudColumn, type CrudDefinition, type CrudKey, crudPath } from '@envmon/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Segmented, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { crudListQueryOptions } from '../../../components/crud/api/crud-queries';
import { type CellContext, renderCell, vocabularyLang } from '../../../components/crud/cell-render';
import { CrudFilterBar } from '../../../components/crud/crud-filter-bar';
import type { FilterValues } from '../../../components/crud/export-params';
import type { CrudRow } from '../../../components/crud/form-values';
import { PagedTable } from '../../../components/crud/paged-table';
import { RefreshButton } from '../../../components/crud/table-parts';
import { useFilteredPagedQuery } from '../../../components/crud/use-paged-query';
import { BlockCard } from '../components/block-card';
import { GalleryHeader } from '../components/gallery-header';

const DEFINITIONS = Object.keys(CRUD) as CrudKey[];
/** The table's own height here (the page goes on below it); the screens fill the window instead. */
const TABLE_HEIGHT = 360;

/** The read half of a definition: its filters and its columns over the server's pages, without the writes. */
function ReadOnlyList({ def }: { def: CrudDefinition }) {
  const { t, i18n } = useTranslation();
  const { list, search, table } = useFilteredPagedQuery({}, (query: FilterValues, request) => ({
    ...crudListQueryOptions(def, request, query),
    placeholderData: keepPreviousData,
  }));
  const ctx: CellContext = { lang: vocabularyLang(i18n.language), yes: t('common.yes'), no: t('common.no') };
  const columns: TableColumnsType<CrudRow> = def.columns.map((column: CrudColumn) => ({
    key: column.name,
    dataIndex: column.name,
    title: t(column.label),
    width: column.width,
    ellipsis: column.kind === 'text',
    render: (value: unknown) => renderCell(column, value, ctx),
  }));
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" wrap gap="small">
        <CrudFilterBar filters={def.filters} onSearch={search} />
        <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
      </Flex>
      <PagedTable<CrudRow>
        {...table}
        columns={columns}
        scrollX={false}
        scrollY={TABLE_HEIGHT}
        empty={t('gallery.table.empty')}
        testId="gallery-crud"
      />
    </Flex>
  );
}

/** The definition itself, read from packages/shared: what drives the server's routes and the screen. */
function DefinitionCard({ def }: { def: CrudDefinition }) {
  const { t } = useTranslation();
  const list = (items: readonly { name: string; label: string; kind: string }[]) => (
    <Flex gap={4} wrap>
      {items.map((item) => (
        <Tag key={item.name}>
          {t(item.label)} · {t(`gallery.table.kinds.${item.kind}`)}
        </Tag>
      ))}
    </Flex>
  );
  return (
    <Card title={t('gallery.table.definition.title')} data-testid="gallery-crud-definition">
      <Typography.Paragraph type="secondary">{t('gallery.table.definition.purpose')}</Typography.Paragraph>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'title', label: t('gallery.table.definition.screen'), children: t(def.title) },
          {
            key: 'permission',
            label: t('gallery.table.definition.permission'),
            children: <Typography.Text code>{def.permission}</Typography.Text>,
          },
          {
            key: 'routes',
            label: t('gallery.table.definition.routes'),
            children: (
              <Flex vertical gap={2}>
                {(['getAll', 'get', 'add', 'update', 'delete', 'export'] as const).map((op) => (
                  <Typography.Text key={op} code>
                    {crudPath(def, op)}
                  </Typography.Text>
                ))}
              </Flex>
            ),
          },
          { key: 'columns', label: t('gallery.table.definition.columns'), children: list(def.columns) },
          { key: 'filters', label: t('gallery.table.definition.filters'), children: list(def.filters) },
          { key: 'fields', label: t('gallery.table.definition.fields'), children: list(def.fields) },
        ]}
      />
    </Card>
  );
}

/** /table/index: the paged table and the declarative CRUD, on the server's real lists, read only. */
export default function GalleryTablePage() {
  const { t } = useTranslation();
  const [key, setKey] = useState<CrudKey>('dictionary');
  const def = CRUD[key];
  return (
    <Flex vertical gap={16} data-testid="gallery-table">
      <GalleryHeader title={t('gallery.table.title')} intro={t('gallery.table.intro')} />
      <BlockCard prefix="gallery.table.paged" testId="gallery-paged-table">
        <Flex gap="small" align="center" wrap>
          <Typography.Text id="gallery-crud-choice">{t('gallery.table.choose')}</Typography.Text>
          <Segmented<CrudKey>
            aria-labelledby="gallery-crud-choice"
            value={key}
            onChange={setKey}
            options={DEFINITIONS.map((value) => ({ value, label: t(CRUD[value].title) }))}
            data-testid="gallery-crud-choice"
          />
        </Flex>
        <ReadOnlyList key={key} def={def} />
      </BlockCard>
      <DefinitionCard def={def} />
      <BlockCard prefix="gallery.table.listDefinition" testId="gallery-list-definition">
        <Typography.Text type="secondary">{t('gallery.table.listDefinition.note')}</Typography.Text>
      </BlockCard>
    </Flex>
  );
}
