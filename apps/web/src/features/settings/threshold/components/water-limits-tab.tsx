import { type SurfaceWaterLimit, WATER_CLASSES } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { WholeTable } from '../../../../components/crud/whole-table';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { waterLimitsQueryOptions } from '../api/get-water-limits';
import { SymbolTag } from './symbol-tag';

const NUMBER_WIDTH = 90;

const cell = (value: number | null | undefined) => (value === null || value === undefined ? EMPTY_CELL : value);

/** The surface-water class limits (GB 3838-2002), read-only, for reference while setting thresholds. */
export function WaterLimitsTab() {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const limits = useQuery(waterLimitsQueryOptions());
  const columns: TableColumnsType<SurfaceWaterLimit> = [
    {
      key: 'factor',
      title: t('threshold.fields.factor'),
      render: (_v, row) => `${lang === 'en' ? row.factorNameEn : row.factorName} (${row.factorCode})`,
    },
    {
      key: 'unit',
      title: t('threshold.fields.unit'),
      width: NUMBER_WIDTH,
      render: (_v, row) => row.unit ?? EMPTY_CELL,
    },
    ...WATER_CLASSES.map((waterClass, index) => ({
      key: `class${waterClass}`,
      title: t(`threshold.water.classes.${waterClass}`),
      width: NUMBER_WIDTH,
      render: (_v: unknown, row: SurfaceWaterLimit) => cell(row.classLimits[index]),
    })),
    {
      key: 'range',
      title: t('threshold.water.range'),
      render: (_v, row) =>
        row.rangeMin === null && row.rangeMax === null ? EMPTY_CELL : `${cell(row.rangeMin)} – ${cell(row.rangeMax)}`,
    },
    {
      key: 'symbol',
      title: t('threshold.fields.symbol'),
      width: NUMBER_WIDTH,
      render: (_v, row) => <SymbolTag limit1={row.limit1} limit2={row.limit2} />,
    },
  ];
  return (
    <Flex vertical gap="middle">
      <Alert type="info" showIcon title={t('threshold.water.note')} />
      <WholeTable<SurfaceWaterLimit>
        query={limits}
        rowKey="id"
        columns={columns}
        dataSource={limits.data ?? []}
        locale={{ emptyText: t('threshold.water.empty') }}
        data-testid="water-limits-table"
      />
    </Flex>
  );
}
