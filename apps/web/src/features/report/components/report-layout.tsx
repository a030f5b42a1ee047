import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Empty, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert, RefreshButton } from '../../../components/crud/table-parts';
import { ReportExportButton } from './report-export-button';

export interface ReportLayoutProps<T> {
  testId: string;
  /** What the report computes, in a sentence. */
  help: string;
  filter: ReactNode;
  /** The report's read. */
  query: UseQueryResult<T>;
  /** The filters of the read shown (also what the export sends); null until the first search. */
  params: object | null;
  /** The report's xlsx export. */
  exportUrl: string;
  /** The read answered with nothing to show. */
  isEmpty: (data: T) => boolean;
  /** Whether what was read is worth exporting: by default, when it is not empty. */
  exportable?: (data: T) => boolean;
  /** Said before the first search. */
  prompt?: string;
  children: (data: T) => ReactNode;
}

/**
 * The frame every report screen shares: help, filter bar, toolbar (export, refresh), then the states —
 * a prompt before the first search, loading, the load error with a retry, empty, or the report. The
 * export sends the filters of the report shown, once it is read.
 */
export function ReportLayout<T>({
  testId,
  help,
  filter,
  query,
  params,
  exportUrl,
  isEmpty,
  exportable = (data) => !isEmpty(data),
  prompt,
  children,
}: ReportLayoutProps<T>) {
  const { t } = useTranslation();
  const body = () => {
    if (params === null) return <Empty description={prompt ?? t('report.states.pickDevice')} />;
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
          <ReportExportButton
            url={exportUrl}
            params={params && query.data && exportable(query.data) ? { ...params } : null}
            testId="report-export"
          />
          {params ? <RefreshButton loading={query.isFetching} onClick={() => void query.refetch()} /> : null}
        </Flex>
        {params ? <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
        {body()}
      </Flex>
    </Card>
  );
}
