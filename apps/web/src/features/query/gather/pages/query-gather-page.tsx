import {
  DEPLOY_TYPE,
  GATHER_GROUP_TYPES,
  GATHER_TIME_PRECISION,
  GATHER_MAX_RANGE_MS,
  GATHER_TIME_UNITS,
  type GatherGroupType,
  type GatherRequest,
  type GatherRow,
  type GatherTimeUnit,
} from '@envmon/shared';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Form, Segmented, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../app/providers/preferences';
import { EChart } from '../../../../components/chart/echart';
import { PANEL_REPLACE_MERGE } from '../../../../components/chart/unit-panels';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { ExportButton } from '../../../../components/crud/export-button';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { DevicesItem, FactorsItem } from '../../../../components/device-factor-select';
import { useTableHeight } from '../../../../components/use-table-height';
import { formatDataTime } from '../../../../lib/data-time';
import { getSelectedProjectId } from '../../../../lib/project';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { deployGroupsQueryOptions } from '../../../../lib/deploy-groups';
import { exportGather, gatherQueryOptions } from '../api/gather-api';
import {
  defaultRange,
  factorLabel,
  formatValue,
  gatherChartOption,
  type GatherForm,
  toGatherRequest,
} from '../utils/gather-view';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';
import { QueryCard } from '../../components/query-card';

const CHART_HEIGHT = 320;
/** Filters, chart and summary above the table. */
const TABLE_OFFSET = 700;
const SELECT_WIDTH = 220;

/**
 * Aggregated data (SPEC section 2 'queries: gather'): a group of devices — a project, an address group or a
 * hand-picked set — per hour, day or month: per factor the average, lowest and highest of the devices' values
 * and how many contributed; a chart of the averages and a table, exported with the same columns.
 */
export default function QueryGatherPage() {
  const { t } = useTranslation();
  const { theme } = usePreferences();
  const english = useVocabularyLang() === 'en';
  const projectId = getSelectedProjectId();
  const [form] = Form.useForm<GatherForm>();
  const groupType = Form.useWatch('groupType', form) ?? 'project';
  const timeUnit = Form.useWatch('timeUnit', form) ?? 'hour';
  const [request, setRequest] = useState<GatherRequest | null>(null);

  const projects = useQuery(deployGroupsQueryOptions(DEPLOY_TYPE.project));
  const addresses = useQuery(deployGroupsQueryOptions(DEPLOY_TYPE.address));
  const chosenDevices = Form.useWatch('deviceIds', form);
  const result = useQuery({ ...gatherQueryOptions(request ?? ({} as GatherRequest)), enabled: request !== null });
  const tableHeight = useTableHeight(TABLE_OFFSET);

  const groupOptions = useMemo(() => {
    const groups = groupType === 'address' ? addresses.data : projects.data;
    // A project other than the one chosen in the header is outside the caller's scope.
    const visible = (groups ?? []).filter((g) => groupType !== 'project' || projectId === null || g.id === projectId);
    return visible.map((g) => ({ value: g.id, label: english ? (g.deployNameEn ?? g.deployName) : g.deployName }));
  }, [groupType, projects.data, addresses.data, projectId, english]);

  const data = result.data;
  const factorsByCode = useMemo(() => new Map((data?.factors ?? []).map((f) => [f.factorCode, f])), [data]);
  const option = useMemo(
    () => (data ? gatherChartOption(data, theme, english, t('query.gather.chartTitle'), CHART_HEIGHT) : null),
    [data, theme, english, t],
  );

  const decimalsOf = (code: string) => factorsByCode.get(code)?.decimals;
  const columns = [
    {
      key: 'dataTime',
      title: 'DataTime',
      dataIndex: 'dataTime',
      width: 170,
      render: (v: number) =>
        data ? formatDataTime(v, data.utcOffsetMinutes, GATHER_TIME_PRECISION[data.timeUnit]) : EMPTY_CELL,
    },
    {
      key: 'factor',
      title: t('query.common.factor'),
      dataIndex: 'factorCode',
      render: (code: string) => factorLabel(factorsByCode.get(code), code, english),
    },
    ...(['avg', 'min', 'max'] as const).map((field) => ({
      key: field,
      title: t(`query.gather.${field}`),
      dataIndex: field,
      align: 'right' as const,
      render: (v: number, row: GatherRow) => formatValue(v, decimalsOf(row.factorCode)),
    })),
    { key: 'devices', title: t('query.gather.deviceCount'), dataIndex: 'devices', align: 'right' as const, width: 100 },
  ];

  const rangeValid = ([begin, end]: [Dayjs, Dayjs]) =>
    end.valueOf() >= begin.valueOf() && end.valueOf() - begin.valueOf() <= GATHER_MAX_RANGE_MS[timeUnit];

  const body = () => {
    if (request === null) return <Empty description={t('query.gather.pickGroup')} />;
    if (data && data.rows.length === 0) return <Empty description={t('query.gather.empty')} />;
    return (
      <>
        {option ? (
          <EChart
            option={option.option}
            theme={theme}
            // A factor left out of the next search takes its line and its unit's panel along.
            replaceMerge={PANEL_REPLACE_MERGE}
            style={{ height: option.height }}
            data-testid="gather-chart"
          />
        ) : null}
        <Table<GatherRow>
          rowKey={(row) => `${row.dataTime}-${row.factorCode}`}
          size="middle"
          loading={result.isFetching}
          dataSource={data?.rows ?? []}
          columns={columns}
          scroll={{ y: tableHeight }}
          pagination={{ defaultPageSize: 50, showSizeChanger: true }}
        />
      </>
    );
  };

  return (
    <QueryCard testId="query-gather-page" help={t('query.gather.help')}>
      <Form<GatherForm>
        form={form}
        layout="inline"
        initialValues={{
          groupType: 'project',
          groupId: projectId ?? undefined,
          timeUnit: 'hour',
          range: defaultRange('hour'),
        }}
        onFinish={(values) => setRequest(toGatherRequest(values, projectId))}
        role="search"
      >
        <Form.Item name="groupType" label={t('query.gather.groupType')}>
          <Segmented<GatherGroupType>
            options={GATHER_GROUP_TYPES.map((g) => ({ value: g, label: t(`query.gather.groupTypes.${g}`) }))}
            onChange={() => form.setFieldsValue({ groupId: undefined })}
          />
        </Form.Item>
        {groupType === 'devices' ? (
          <DevicesItem
            label={t('query.common.devices')}
            pick={t('query.gather.selectDevices')}
            width={SELECT_WIDTH + 80}
            testId="gather-devices"
          />
        ) : (
          <Form.Item
            name="groupId"
            label={t('query.gather.group')}
            rules={[{ required: true, message: t('query.gather.selectGroup') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={groupOptions}
              loading={projects.isPending || addresses.isPending}
              placeholder={t('query.gather.selectGroup')}
              style={{ width: SELECT_WIDTH }}
              data-testid="gather-group"
            />
          </Form.Item>
        )}
        <Form.Item name="timeUnit" label={t('query.gather.timeUnit')}>
          <Select
            style={{ width: 100 }}
            options={GATHER_TIME_UNITS.map((u) => ({ value: u, label: t(`query.gather.timeUnits.${u}`) }))}
            onChange={(unit: GatherTimeUnit) => form.setFieldsValue({ range: defaultRange(unit) })}
          />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('query.common.range')}
          rules={[
            {
              validator: (_, value: [Dayjs, Dayjs] | null) =>
                value && rangeValid(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('query.common.rangeTooLong'))),
            },
          ]}
        >
          <DateRangePicker showTime={timeUnit === 'hour'} allowClear={false} />
        </Form.Item>
        <FactorsItem
          label={t('query.common.factors')}
          devices={chosenDevices}
          placeholder={t('query.common.allFactors')}
          width={SELECT_WIDTH}
        />
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="gather-search">
            {t('query.common.search')}
          </Button>
        </Form.Item>
      </Form>
      <Flex gap="small" justify="space-between" align="center">
        <Typography.Text>{data ? t('query.gather.summary', { count: data.deviceCount }) : null}</Typography.Text>
        <Flex gap="small">
          <ExportButton
            disabled={request === null}
            onExport={() => (request === null ? Promise.resolve() : exportGather(request))}
            testId="gather-export"
          />
          <RefreshButton loading={result.isFetching} onClick={() => void result.refetch()} />
        </Flex>
      </Flex>
      <QueryErrorAlert error={result.error} onRetry={() => void result.refetch()} />
      {body()}
    </QueryCard>
  );
}
