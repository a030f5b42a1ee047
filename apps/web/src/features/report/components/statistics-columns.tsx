import type { IsotopeRow } from '@envmon/shared';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { VocabularyLang } from '../../../components/crud/cell-render';
import { formatReportValue } from './report-format';

/** The factor in the console's language (the code when the catalogue lacks it). */
export const statisticsFactorName = (
  f: { factorCode: string; factorName: string | null; factorNameEn: string | null },
  lang: VocabularyLang,
) => (lang === 'en' ? f.factorNameEn : f.factorName) ?? f.factorCode;

/**
 * The columns a station-and-factor statistics row starts with (the summary and the isotope report):
 * station, MN, factor, unit, average, minimum and maximum to the factor's decimals, periods with a value, valid ones.
 */
export function statisticsRowColumns<R extends IsotopeRow>(t: TFunction, lang: VocabularyLang): ColumnsType<R> {
  const value = (pick: (row: R) => number | null) => (_: unknown, row: R) => formatReportValue(pick(row), row.decimals);
  return [
    { key: 'deviceName', title: t('statistics.columns.deviceName'), dataIndex: 'deviceName', fixed: 'left' },
    { key: 'mn', title: t('statistics.columns.mn'), dataIndex: 'deviceCode' },
    { key: 'factor', title: t('statistics.columns.factor'), render: (_, row) => statisticsFactorName(row, lang) },
    { key: 'unit', title: t('statistics.columns.unit'), render: (_, row) => row.unit ?? '' },
    { key: 'avg', title: t('statistics.columns.avg'), align: 'right', render: value((r) => r.avg) },
    { key: 'min', title: t('statistics.columns.min'), align: 'right', render: value((r) => r.min) },
    { key: 'max', title: t('statistics.columns.max'), align: 'right', render: value((r) => r.max) },
    { key: 'count', title: t('statistics.columns.count'), dataIndex: 'count', align: 'right' },
    { key: 'valid', title: t('statistics.columns.validCount'), dataIndex: 'valid', align: 'right' },
  ];
}
