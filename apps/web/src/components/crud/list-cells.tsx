import { Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { dayjs, formatDateTime } from '../../lib/dayjs';
import { EMPTY_CELL } from './constants';
import type { ListCell, ListCellContext, ListColumn, ListRow } from './list-definition';

/** Calendar dates, as the date pickers show them. */
export const DATE_FORMAT = 'YYYY-MM-DD';

const isBlank = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);

const time = (value: unknown, format: (ms: number) => string): string =>
  typeof value === 'number' ? format(value) : EMPTY_CELL;

const dateOf = (ms: number) => dayjs(ms).format(DATE_FORMAT);

/** What one cell of a list shows. */
export function renderListCell<Row extends ListRow>(
  cell: ListCell<Row>,
  row: Row,
  ctx: ListCellContext<Row>,
): ReactNode {
  switch (cell.kind) {
    case 'text': {
      const value = row[cell.name];
      return isBlank(value) ? EMPTY_CELL : text(value);
    }
    case 'label': {
      const value = row[cell.name];
      return isBlank(value) ? EMPTY_CELL : ctx.t(cell.labelKey(text(value)));
    }
    case 'labels': {
      const value = row[cell.name];
      if (!Array.isArray(value) || value.length === 0) return EMPTY_CELL;
      return value.map((code) => ctx.t(cell.labelKey(text(code)))).join(ctx.t('common.messageParts.listSeparator'));
    }
    case 'tag': {
      const value = row[cell.name];
      if (isBlank(value)) return EMPTY_CELL;
      return <Tag color={cell.colors[text(value)]}>{ctx.t(cell.labelKey(text(value)))}</Tag>;
    }
    case 'date':
      return time(row[cell.name], dateOf);
    case 'datetime':
      return time(row[cell.name], formatDateTime);
    case 'range':
      return `${time(row[cell.from], formatDateTime)} – ${time(row[cell.to], formatDateTime)}`;
    case 'custom':
      return cell.render(row, ctx);
  }
}

/** The definition's data columns as antd's (the actions column is the page's). */
export function listTableColumns<Row extends ListRow>(
  columns: readonly ListColumn<Row>[],
  ctx: ListCellContext<Row>,
): TableColumnsType<Row> {
  return columns.map((column) => ({
    key: column.key,
    title: ctx.t(column.title),
    width: column.width,
    fixed: column.fixed,
    align: column.align,
    ellipsis: column.ellipsis,
    render: (_value: unknown, row: Row) => renderListCell(column, row, ctx),
  }));
}
