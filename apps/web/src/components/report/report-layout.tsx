import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Empty, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert, RefreshButton } from '../crud/table-parts';

export interface ReportLayoutProps<T> {
  testId: string;
  /** What the report computes, in a sentence. */
  help: string;
  filter: ReactNode;
  /** The export button (and any other toolbar action). */
  actions?: ReactNode;
  /** The report's read; null until the filters are complete. */
  query: UseQueryResult<T> | null;
  /** The read answered with nothing to show. */
  isEmpty: (data: T) => boolean;
  /** Said before the first search. */
  prompt?: string;
  children: (data: T) => ReactNode;
}

/**
 * The frame every report screen shares: help, filter bar, toolbar (export, refresh), then the states —
 * a prompt before the first search, loading, the load error with a retry, empty, or the report.
 */
export function ReportLayout<T>({
  testId,
  help,
  filter,
  actions,
  query,
  isEmpty,
  prompt,
  children,
}: ReportLayoutProps<T>) {
  const { t } = useTranslation();
  const body = () => {
    if (query === null) return <Empty description={prompt ?? t('report.states.pickDevice')} />;
    if (query.isPending) {
      return (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin data-testid="report-loading" />
        </Flex>
      );
    }
    if (query.isError) return null;
    if (isEmpty(query.data)) return <Empty description={t('report.states.empty')} data-testid="report-empty" />;
    return children(query.data);
  };
  return (
    <Card variant="borderless" data-testid={testId}>
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{help}</Typography.Text>
        {filter}
        <Flex gap="small" justify="end">
          {actions}
          {query ? <RefreshButton loading={query.isFetching} onClick={() => void query.refetch()} /> : null}
        </Flex>
        {query ? <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
        {body()}
      </Flex>
    </Card>
  );
}
