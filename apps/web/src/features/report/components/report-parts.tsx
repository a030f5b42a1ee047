import { Alert, Table, type TablePaginationConfig, type TableProps, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ReportChartSpec } from './report-chart';
import {
  ReportFilterBar,
  type ReportFilterBarProps,
  type ReportFilterForm,
  reportTimeParams,
} from './report-filter-bar';
import { withSelectedProject } from './report-query';
import type { ReportChartContext, ReportContext, ReportFilterDefinition, ReportPart } from './report-screen';

/**
 * The filter bar the report screens share (report-filter-bar.tsx): toParams takes the screen's own filters
 * from the form; the period (unit, begin, end) and the header's project follow them.
 */
export function reportFilter<F extends object>({
  toParams,
  ...bar
}: Omit<ReportFilterBarProps, 'onSearch'> & { toParams: (form: ReportFilterForm) => F }): ReportFilterDefinition<
  F & ReturnType<typeof reportTimeParams> & { projectId?: number }
> {
  const filters = (form: ReportFilterForm) => withSelectedProject({ ...toParams(form), ...reportTimeParams(form) });
  return {
    refetchSameSearch: true,
    render: (onSearch) => <ReportFilterBar {...bar} onSearch={(form) => onSearch(filters(form))} />,
  };
}

/** The report's chart ('report-chart' unless named), left out when the builder answers null. */
export function reportChart<T, P>(
  build: (data: T, context: ReportChartContext) => ReportChartSpec | null,
  testId = 'report-chart',
): ReportPart<T, P> {
  return { kind: 'chart', testId, build };
}

/** Anything else in the body: a note, a summary line. */
export function reportNode<T, P>(render: (data: T, context: ReportContext<P>) => ReactNode): ReportPart<T, P> {
  return { kind: 'node', render };
}

/** Says that the report rests on audited data (issue 19) and how many of its values an audit touched; nothing when none. */
export function reportAuditedNote<T extends { auditedCount: number }, P>(): ReportPart<T, P> {
  return reportNode((data, { t }) =>
    data.auditedCount > 0 ? (
      <Alert
        type="info"
        showIcon
        data-testid="report-audited"
        title={t('report.audited', { count: data.auditedCount })}
      />
    ) : null,
  );
}

/** A heading above a table. */
export function reportTitle<T, P>(
  text: (data: T, context: ReportContext<P>) => ReactNode,
  testId?: string,
): ReportPart<T, P> {
  return reportNode((data, context) => (
    <Typography.Title level={5} style={{ margin: 0 }} data-testid={testId}>
      {text(data, context)}
    </Typography.Title>
  ));
}

/** A table of the report as data: its rows, their key, its columns and any other Table props. */
export interface ReportTableDefinition<T, P, R> {
  testId: string;
  rows: (data: T) => readonly R[];
  rowKey: TableProps<R>['rowKey'];
  columns: (data: T, context: ReportContext<P>) => ColumnsType<R>;
  /** Paging, scrolling, borders, a summary row, row styles. */
  props?: (data: T, context: ReportContext<P>) => Omit<TableProps<R>, 'columns' | 'dataSource' | 'rowKey'>;
}

/** A small table of the report. */
export function reportTable<T, P, R extends object>(table: ReportTableDefinition<T, P, R>): ReportPart<T, P> {
  return reportNode((data, context) => (
    <Table<R>
      rowKey={table.rowKey}
      size="small"
      dataSource={table.rows(data) as R[]}
      {...table.props?.(data, context)}
      data-testid={table.testId}
      columns={table.columns(data, context)}
    />
  ));
}

/**
 * The long table a screen ends with: it scrolls within the page (the body height the definition's
 * tableOffset leaves) and is paged 50 at a time; props add to that or change it.
 */
export function reportPageTable<T, P, R extends object>(table: ReportTableDefinition<T, P, R>): ReportPart<T, P> {
  return reportTable({
    ...table,
    props: (data, context) => ({
      scroll: { x: 'max-content', y: context.tableHeight },
      pagination: reportPagination(context.t),
      ...table.props?.(data, context),
    }),
  });
}

/** The paging of a long report table: 50 a page, the page size to choose, the total said. */
export function reportPagination(
  t: TFunction,
  {
    pageSize = 50,
    sizeChanger = true,
    total = true,
  }: { pageSize?: number; sizeChanger?: boolean; total?: boolean } = {},
): TablePaginationConfig {
  return {
    defaultPageSize: pageSize,
    ...(sizeChanger ? { showSizeChanger: true } : {}),
    ...(total ? { showTotal: (count: number) => t('common.table.total', { total: count }) } : {}),
  };
}

/** The part builders with the report's types bound, as a definition's body receives them. */
export interface ReportParts<T, P> {
  chart: (build: (data: T, context: ReportChartContext) => ReportChartSpec | null, testId?: string) => ReportPart<T, P>;
  node: (render: (data: T, context: ReportContext<P>) => ReactNode) => ReportPart<T, P>;
  title: (text: (data: T, context: ReportContext<P>) => ReactNode, testId?: string) => ReportPart<T, P>;
  table: <R extends object>(table: ReportTableDefinition<T, P, R>) => ReportPart<T, P>;
  pageTable: <R extends object>(table: ReportTableDefinition<T, P, R>) => ReportPart<T, P>;
}

export const reportParts = <T, P>(): ReportParts<T, P> => ({
  chart: reportChart,
  node: reportNode,
  title: reportTitle,
  table: reportTable,
  pageTable: reportPageTable,
});
