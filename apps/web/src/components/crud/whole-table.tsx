import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';
import { QueryErrorAlert } from './table-parts';

/** The read a WholeTable's rows come from. */
type RowsQuery = Pick<UseQueryResult, 'error' | 'isPending' | 'refetch'>;

/**
 * Rows shown whole in a small table, without pages (a device's strategies, the class limits, a record's
 * files). With `query`, the read they come from: its failure stays above the table with a way to try again,
 * and the table shows loading until its first answer (unless `loading` says otherwise).
 */
export function WholeTable<Row extends object>({ query, ...table }: TableProps<Row> & { query?: RowsQuery }) {
  const rows = <Table<Row> size="small" pagination={false} loading={query?.isPending} {...table} />;
  if (!query) return rows;
  return (
    <>
      <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      {rows}
    </>
  );
}
