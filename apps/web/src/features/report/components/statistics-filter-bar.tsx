import { Button, Form, Select, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/date-range/date-range-picker';
import { DeviceSelect, FactorSelect } from '../../../components/device-factor-select';
import type { ReportFilterDefinition } from './report-screen';

/** A field of the statistics screens' filter bar (summary, transmission, isotope, odour rose), in order. */
export type StatisticsField =
  /** deviceId: one station (required), or optional with all stations when cleared. */
  | { field: 'device'; required?: boolean; testId?: string }
  /** factorCode, required: the catalogue, the chosen station's kind first. */
  | { field: 'factor'; testId?: string }
  /** timeUnit from the units given. */
  | { field: 'unit'; units: readonly string[] }
  /** range as dates, no longer than the unit allows. */
  | {
      field: 'range';
      fits: (range: [Dayjs, Dayjs], unit: string) => boolean;
      maxDays: (unit: string) => number;
      /** Validated again when the unit changes. */
      followsUnit?: boolean;
    }
  /** A Form.Item of the screen's own; `unit` is the unit chosen. */
  | { field: 'custom'; render: (t: TFunction, unit: string) => ReactNode };

export interface StatisticsFilterOptions<P, F extends { timeUnit: string }> {
  /** Read on each render, as a form's initialValues are (reset goes back to them). */
  initialValues: () => F;
  fields: readonly StatisticsField[];
  searchTestId: string;
  toParams: (form: F) => P;
}

function DeviceField({ required = false, testId }: { required?: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="deviceId"
      label={t('statistics.filter.device')}
      rules={required ? [{ required: true, message: t('statistics.filter.pickDevice') }] : undefined}
    >
      <DeviceSelect
        allowClear={!required}
        placeholder={t(required ? 'statistics.filter.pickDevice' : 'statistics.filter.allDevices')}
        style={{ width: 220 }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

function FactorField({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  const device = Form.useWatch('deviceId', Form.useFormInstance()) as number | undefined;
  return (
    <Form.Item
      name="factorCode"
      label={t('statistics.filter.factor')}
      rules={[{ required: true, message: t('statistics.filter.pickFactor') }]}
    >
      <FactorSelect
        devices={device}
        placeholder={t('statistics.filter.pickFactor')}
        style={{ width: 260 }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** The statistics screens' filter bar: their fields in an inline search form with its search button. */
export function StatisticsFilterBar<P, F extends { timeUnit: string }>({
  initialValues,
  fields,
  searchTestId,
  toParams,
  onSearch,
}: StatisticsFilterOptions<P, F> & { onSearch: (params: P) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<F>();
  const initial = initialValues();
  const unit = (Form.useWatch('timeUnit', form) as string | undefined) ?? initial.timeUnit;
  const field = (f: StatisticsField, i: number) => {
    switch (f.field) {
      case 'device':
        return <DeviceField key={i} required={f.required} testId={f.testId} />;
      case 'factor':
        return <FactorField key={i} testId={f.testId} />;
      case 'unit':
        return (
          <Form.Item key={i} name="timeUnit" label={t('statistics.filter.timeUnit')}>
            <Select
              style={{ width: 130 }}
              options={f.units.map((u) => ({ value: u, label: t(`statistics.units.${u}`) }))}
            />
          </Form.Item>
        );
      case 'range':
        return (
          <Form.Item
            key={i}
            name="range"
            label={t('statistics.filter.range')}
            dependencies={f.followsUnit ? ['timeUnit'] : undefined}
            rules={[
              {
                validator: (_, range: [Dayjs, Dayjs] | null) =>
                  range && f.fits(range, unit)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('statistics.filter.rangeTooLong', { days: f.maxDays(unit) }))),
              },
            ]}
          >
            <DateRangePicker allowClear={false} />
          </Form.Item>
        );
      case 'custom':
        return <Fragment key={i}>{f.render(t, unit)}</Fragment>;
    }
  };
  return (
    <Form<F>
      form={form}
      layout="inline"
      role="search"
      initialValues={initial}
      onFinish={(values) => onSearch(toParams(values))}
      style={{ rowGap: token.marginXS }}
    >
      {fields.map(field)}
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid={searchTestId}>
          {t('statistics.filter.search')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** A statistics screen's filter: searching the same filters again keeps the answer read. */
export function statisticsFilter<P, F extends { timeUnit: string }>(
  options: StatisticsFilterOptions<P, F>,
): ReportFilterDefinition<P> {
  return {
    refetchSameSearch: false,
    render: (onSearch) => <StatisticsFilterBar<P, F> {...options} onSearch={onSearch} />,
  };
}

/** A range of at most `max` days between its first and last day (the isotope report, the odour rose). */
export const withinDays = (range: [Dayjs, Dayjs], max: number) => range[1].diff(range[0], 'day') < max;
