import type { ReportStationRow } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../app/providers/preferences';
import {
  formatReportValue,
  reportFactorLabel,
  reportFactorName,
  ReportChart,
  ReportFilterBar,
  type ReportFilterForm,
  ReportLayout,
  sameReportParams,
  reportTimeParams,
  unitBarOption,
} from '../../components';
import { itemsByUnit } from '../../../../components/chart/unit-panels';
import { getSelectedProjectId } from '../../../../lib/project';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { MULTI_STATION_URLS, type MultiStationParams, multiStationQueryOptions } from '../api/multi-station-api';

const STATS = ['avg', 'min', 'max'] as const;

function toParams(form: ReportFilterForm): MultiStationParams {
  const projectId = getSelectedProjectId();
  return {
    deviceIds: form.deviceIds ?? [],
    factorCodes: form.factorCodes ?? [],
    ...reportTimeParams(form),
    ...(projectId === null ? {} : { projectId }),
  };
}

/**
 * Multi-station report (SPEC section 2 'reports'): the chosen factors (all with values when none is
 * chosen) on several stations over a period — a grouped bar chart of the averages by station, and a
 * table of each factor's average, minimum and maximum per station (deviceName, MN), as the export writes it.
 */
export default function ReportMultiStationPage() {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const { theme } = usePreferences();
  const [params, setParams] = useState<MultiStationParams | null>(null);
  const report = useQuery(multiStationQueryOptions(params));
  // Searching again with the same filters reads again (the demo's history may have arrived since).
  const search = (next: NonNullable<typeof params>) => {
    if (sameReportParams(next, params)) void report.refetch();
    else setParams(next);
  };

  // A panel per unit: each factor's averages by station against a scale of the factor's unit.
  const chart = useMemo(() => {
    const data = report.data;
    if (!data) return null;
    const stations = data.stations.map((s) => s.device.deviceName);
    const panels = itemsByUnit(data.factors, (f) => ({ unit: f.unit, measure: reportFactorName(f, lang) }));
    return unitBarOption(
      theme,
      t('report.multiStation.chart'),
      panels.map((panel) => ({
        name: panel.name,
        categories: stations,
        series: panel.items.map((f) => ({
          name: reportFactorLabel(f, lang),
          values: data.stations.map((s) => s.values[f.factorCode]?.avg ?? null),
        })),
      })),
    );
  }, [report.data, theme, lang, t]);

  return (
    <ReportLayout
      testId="report-multi-station-page"
      help={t('report.multiStation.help')}
      prompt={t('report.filter.pickDevices')}
      filter={<ReportFilterBar devices="many" factors="many" onSearch={(form) => search(toParams(form))} />}
      exportUrl={MULTI_STATION_URLS.export}
      params={params}
      query={report}
      isEmpty={(data) => data.factors.length === 0}
    >
      {(data) => (
        <Flex vertical gap="middle">
          {chart ? <ReportChart {...chart} testId="report-chart" /> : null}
          <Table<ReportStationRow>
            rowKey={(row) => row.device.deviceId}
            size="small"
            bordered
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={data.stations}
            data-testid="report-table"
            columns={[
              {
                key: 'deviceName',
                title: t('report.columns.deviceName'),
                fixed: 'left',
                render: (_, row) => row.device.deviceName,
              },
              { key: 'mn', title: t('report.columns.mn'), render: (_, row) => row.device.mn },
              ...data.factors.map((f) => ({
                key: f.factorCode,
                title: reportFactorLabel(f, lang),
                children: STATS.map((stat) => ({
                  key: `${f.factorCode}-${stat}`,
                  title: t(`report.columns.${stat}`),
                  align: 'right' as const,
                  render: (_: unknown, row: ReportStationRow) =>
                    formatReportValue(row.values[f.factorCode]?.[stat], f.decimals),
                })),
              })),
            ]}
          />
        </Flex>
      )}
    </ReportLayout>
  );
}
