import type { Page } from '@envmon/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useRef } from 'react';
import { QueryErrorAlert } from './table-parts';
import { useTableScrollY } from './use-table-scroll-y';

export interface PagedTableProps<T> {
  /** The page query: its rows, its load state and its failure. */
  list: UseQueryResult<Page<T>>;
  columns: TableColumnsType<T>;
  rowKey: Extract<keyof T, string>;
  pagination: TablePaginationConfig;
  /** What an empty list says. */
  empty: string;
  /** `${testId}-table` and `${testId}-empty`. */
  testId: string;
  /** The table's width when it scrolls sideways; by default the sum of the column widths. */
  scrollX?: number | 'max-content';
  /** 'small' by default. */
  size?: 'small' | 'middle';
}

const widthOf = <T,>(columns: TableColumnsType<T>) => columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);

/**
 * The table of a paged admin list: a load failure with a retry above it, the empty state once the server says
 * there is nothing, otherwise the rows with server-side paging, scrolling inside the height left on screen.
 */
export function PagedTable<T extends object>({
  list,
  columns,
  rowKey,
  pagination,
  empty,
  testId,
  scrollX,
  size = 'small',
}: PagedTableProps<T>) {
  const top = useRef<HTMLDivElement>(null);
  const height = useTableScrollY(top);
  return (
    <>
      <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      <div ref={top}>
        {list.data?.total === 0 && !list.isFetching ? (
          <Empty description={empty} data-testid={`${testId}-empty`} />
        ) : (
          <Table<T>
            rowKey={rowKey}
            size={size}
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            scroll={{ x: scrollX ?? widthOf(columns), y: height }}
            pagination={pagination}
            data-testid={`${testId}-table`}
          />
        )}
      </div>
    </>
  );
}
