import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Empty, Table, type TableProps } from 'antd';
import { QueryErrorAlert } from '../../../components/crud/table-parts';

/**
 * The answer of a query over a station's stored packets (AI, other data): why the read failed, that the
 * server cut the rows short, and the rows — or, before a device is chosen, what to do first.
 */
export function PacketRows<Row extends object>({
  result,
  noDevice,
  texts,
  table,
}: {
  result: UseQueryResult<{ rows: Row[]; truncated: boolean }>;
  /** No device chosen yet: nothing was read. */
  noDevice: boolean;
  texts: { truncated: string; selectDevice: string; empty: string };
  table: Pick<TableProps<Row>, 'rowKey' | 'columns' | 'scroll' | 'pagination'>;
}) {
  return (
    <>
      <QueryErrorAlert error={result.error} onRetry={() => void result.refetch()} />
      {result.data?.truncated ? <Alert type="info" showIcon title={texts.truncated} /> : null}
      {noDevice ? (
        <Empty description={texts.selectDevice} />
      ) : result.data?.rows.length === 0 ? (
        <Empty description={texts.empty} />
      ) : (
        <Table<Row> size="middle" loading={result.isFetching} dataSource={result.data?.rows ?? []} {...table} />
      )}
    </>
  );
}
