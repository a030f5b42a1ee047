import type { ReportStats } from '@envmon/shared';
import type { TFunction } from 'i18next';
import { Typography } from 'antd';
import { formatReportPercent, formatReportValue } from './report-format';

/**
 * The statistics columns the summary tables share (and the exports write in the same order): average,
 * minimum, maximum to the factor's decimals, valid count, exceedances (red when any), compliance in %.
 */
export function reportStatColumns<T>(
  t: TFunction,
  stats: (row: T) => ReportStats | undefined,
  decimals: (row: T) => number | null,
) {
  return [
    {
      key: 'avg',
      title: t('report.columns.avg'),
      align: 'right' as const,
      render: (_: unknown, row: T) => formatReportValue(stats(row)?.avg, decimals(row)),
    },
    {
      key: 'min',
      title: t('report.columns.min'),
      align: 'right' as const,
      render: (_: unknown, row: T) => formatReportValue(stats(row)?.min, decimals(row)),
    },
    {
      key: 'max',
      title: t('report.columns.max'),
      align: 'right' as const,
      render: (_: unknown, row: T) => formatReportValue(stats(row)?.max, decimals(row)),
    },
    {
      key: 'valid',
      title: t('report.columns.valid'),
      align: 'right' as const,
      render: (_: unknown, row: T) => stats(row)?.valid ?? '-',
    },
    {
      key: 'exceedances',
      title: t('report.columns.exceedances'),
      align: 'right' as const,
      render: (_: unknown, row: T) => {
        const count = stats(row)?.exceedances;
        return count ? <Typography.Text type="danger">{count}</Typography.Text> : (count ?? '-');
      },
    },
    {
      key: 'compliance',
      title: t('report.columns.compliance'),
      align: 'right' as const,
      render: (_: unknown, row: T) => formatReportPercent(stats(row)?.compliance),
    },
  ];
}
