import { type OutlierApplication, outlierIntervalEndpoints } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listPageQueryOptions } from '../../../../components/crud/list-endpoints';
import { PagedTable } from '../../../../components/crud/paged-table';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { usePagedQuery } from '../../../../components/crud/use-paged-query';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { dayjs, formatDateTime } from '../../../../lib/dayjs';
import { allFactorsQueryOptions } from '../../../../lib/factor-catalogue';

const WIDTH = { time: 165, user: 100, devices: 200, factors: 200, kinds: 150, range: 200, count: 100 } as const;

/** The re-applications of the intervals, newest first: who, when, which range, how many re-judged and changed. */
export function ApplicationsTable() {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const factors = useQuery(allFactorsQueryOptions());
  const { list, table } = usePagedQuery((page) =>
    listPageQueryOptions(outlierIntervalEndpoints.applications, { ...page }),
  );
  const factorName = (code: string) => {
    const factor = factors.data?.find((f) => f.factorCode === code);
    return factor ? (lang === 'en' ? factor.factorNameEn : factor.factorName) : code;
  };
  // The last day of a range is the one before its exclusive end.
  const day = (ms: number) => dayjs(ms).format('YYYY-MM-DD');

  const columns: TableColumnsType<OutlierApplication> = [
    {
      key: 'createTime',
      title: t('outlierInterval.applications.createTime'),
      width: WIDTH.time,
      render: (_v, row) => formatDateTime(row.createTime),
    },
    { key: 'userName', dataIndex: 'userName', title: t('outlierInterval.applications.userName'), width: WIDTH.user },
    {
      key: 'devices',
      title: t('outlierInterval.applications.devices'),
      width: WIDTH.devices,
      ellipsis: true,
      render: (_v, row) =>
        row.devices.length === 0
          ? t('outlierInterval.apply.devicesHint')
          : row.devices.map((d) => d.name ?? `#${d.id}`).join(', '),
    },
    {
      key: 'factors',
      title: t('outlierInterval.applications.factors'),
      width: WIDTH.factors,
      ellipsis: true,
      render: (_v, row) =>
        row.factorCodes.length === 0
          ? t('outlierInterval.apply.factorsHint')
          : row.factorCodes.map(factorName).join(', '),
    },
    {
      key: 'kinds',
      title: t('outlierInterval.applications.kinds'),
      width: WIDTH.kinds,
      render: (_v, row) => row.kinds.map((kind) => t(`outlierInterval.kinds.${kind}`)).join(', '),
    },
    {
      key: 'range',
      title: t('outlierInterval.applications.range'),
      width: WIDTH.range,
      render: (_v, row) => `${day(row.beginTime)} ~ ${day(row.endTime - 1)}`,
    },
    {
      key: 'examined',
      dataIndex: 'examined',
      title: t('outlierInterval.applications.examined'),
      width: WIDTH.count,
      align: 'right',
    },
    {
      key: 'changed',
      title: t('outlierInterval.applications.changed'),
      width: WIDTH.count,
      align: 'right',
      render: (_v, row) => (
        <Typography.Text strong={row.changed > 0} data-testid={`outlier-application-changed-${row.id}`}>
          {row.changed}
        </Typography.Text>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex justify="flex-end">
        <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
      </Flex>
      <PagedTable<OutlierApplication>
        {...table}
        columns={columns}
        empty={t('outlierInterval.applications.empty')}
        testId="outlier-application"
        scrollY="auto"
        // Nothing in a row takes focus: a region scrolling sideways could not be reached by keyboard.
        scrollX={false}
      />
    </Flex>
  );
}
