import type { Page } from '@envmon/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import { useRef } from 'react';
import { QueryErrorAlert } from './table-parts';
import { useTableScrollY } from './use-table-scroll-y';

export interface PagedTableProps<T> extends Pick<TableProps<T>, 'expandable' | 'locale' | 'rowSelection'> {
  /** The page query: its rows, its load state and its failure. */
  list: UseQueryResult<Page<T>>;
  columns: TableColumnsType<T>;
  /** 'id' by default. */
  rowKey?: TableProps<T>['rowKey'];
  pagination: TablePaginationConfig;
  /** What an empty list says in place of the table; without it the table stays, empty. */
  empty?: string;
  /** `${testId}-table` and `${testId}-empty`; none without it. */
  testId?: string;
  /**
   * The table's width when it scrolls sideways: by default the sum of the column widths; false when it
   * never does.
   */
  scrollX?: number | 'max-content' | false;
  /**
   * The body's height: 'fill' (the default) the height left on screen below the table's top, measured;
   * a number when the screen works it out; 'auto' to grow with the rows.
   */
  scrollY?: 'fill' | 'auto' | number;
  /** 'small' by default; 'preferred' follows the size the user chose for the whole console. */
  size?: 'small' | 'middle' | 'preferred';
}

const widthOf = <T,>(columns: TableColumnsType<T>) => columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);

/**
 * The table of a paged list: a load failure with a retry above it, the empty state (where the screen has one)
 * once the server says there is nothing, otherwise the rows with server-side paging, by default scrolling
 * inside the height left on screen. Only the axes that scroll are passed on, as each screen had them.
 */
export function PagedTable<T extends object>({
  list,
  columns,
  rowKey = 'id',
  pagination,
  empty,
  testId,
  scrollX,
  scrollY = 'fill',
  size = 'small',
  ...rest
}: PagedTableProps<T>) {
  const top = useRef<HTMLDivElement>(null);
  const fill = useTableScrollY(top);
  const x = scrollX === false ? undefined : (scrollX ?? widthOf(columns));
  const y = scrollY === 'fill' ? fill : scrollY === 'auto' ? undefined : scrollY;
  const table =
    empty !== undefined && list.data?.total === 0 && !list.isFetching ? (
      <Empty description={empty} data-testid={testId && `${testId}-empty`} />
    ) : (
      <Table<T>
        rowKey={rowKey}
        size={size === 'preferred' ? undefined : size}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        scroll={
          x === undefined && y === undefined
            ? undefined
            : { ...(x !== undefined && { x }), ...(y !== undefined && { y }) }
        }
        pagination={pagination}
        data-testid={testId && `${testId}-table`}
        {...rest}
      />
    );
  return (
    <>
      <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      {scrollY === 'fill' ? <div ref={top}>{table}</div> : table}
    </>
  );
}
