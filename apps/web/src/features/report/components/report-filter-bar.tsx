import { REPORT_MAX_RANGE_MS, REPORT_TIME_UNITS, type ReportTimeUnit } from '@envmon/shared';
import { Form, Select, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterActions } from '../../../components/crud/filter-actions';
import { DeviceSelect, DevicesItem, FactorSelect, FactorsItem } from '../../../components/device-factor-select';
import { defaultReportRange, type ReportRange, toReportTimes } from './report-time';
import { DateRangePicker } from '../../../components/date-range/date-range-picker';
import { boundedRangeRules } from '../../../components/date-range/range-rules';

const DEVICE_WIDTH = 240;
const FACTOR_WIDTH = 300;

/** What the filter bar holds; reports add their own fields (mode, standard…) through `extra`. */
export interface ReportFilterForm {
  deviceId?: number;
  deviceIds?: number[];
  factorCode?: string;
  factorCodes?: string[];
  timeUnit: ReportTimeUnit;
  range: ReportRange;
  [extra: string]: unknown;
}

export interface ReportFilterBarProps {
  /** One device (single station, factor bar, radar) or several (multi-station, contrast). */
  devices: 'one' | 'many';
  /** A factor picker: several (optional: all when empty) or exactly one (required). */
  factors?: 'many' | 'one';
  /** The units offered (all by default). */
  units?: readonly ReportTimeUnit[];
  initialValues?: Partial<ReportFilterForm>;
  /** Report-specific Form.Items, placed before the range. */
  extra?: ReactNode;
  onSearch: (form: ReportFilterForm) => void;
}

export const defaultReportForm = (unit: ReportTimeUnit = 'day'): ReportFilterForm => ({
  timeUnit: unit,
  range: defaultReportRange(unit),
});

/**
 * The reports' filter bar: device(s) of the project chosen in the header, factor(s) from the catalogue,
 * time unit (hour/day/month, the rollups) and the range as dates or months; search validates the
 * range against the unit's longest (REPORT_MAX_RANGE_MS).
 */
export function ReportFilterBar({
  devices,
  factors,
  units = REPORT_TIME_UNITS,
  initialValues,
  extra,
  onSearch,
}: ReportFilterBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReportFilterForm>();
  const { token } = theme.useToken();
  const chosenDevice = Form.useWatch('deviceId', form);
  const chosenDevices = Form.useWatch('deviceIds', form);
  const factorDevices = devices === 'one' ? chosenDevice : chosenDevices;
  const unit = Form.useWatch('timeUnit', form) ?? initialValues?.timeUnit ?? 'day';
  const initial = { ...defaultReportForm(initialValues?.timeUnit), ...initialValues };
  return (
    <Form<ReportFilterForm>
      form={form}
      layout="inline"
      initialValues={initial}
      onFinish={onSearch}
      style={{ rowGap: token.marginXS }}
      role="search"
      data-testid="report-filter"
    >
      {devices === 'one' ? (
        <Form.Item
          name="deviceId"
          label={t('report.filter.device')}
          rules={[{ required: true, message: t('report.filter.pickDevice') }]}
        >
          <DeviceSelect
            placeholder={t('report.filter.pickDevice')}
            style={{ width: DEVICE_WIDTH }}
            data-testid="report-device"
          />
        </Form.Item>
      ) : (
        <DevicesItem
          label={t('report.filter.devices')}
          pick={t('report.filter.pickDevices')}
          width={DEVICE_WIDTH + 80}
          testId="report-devices"
        />
      )}
      {factors === 'many' ? (
        <FactorsItem
          label={t('report.filter.factors')}
          devices={factorDevices}
          placeholder={t('report.filter.allFactors')}
          width={FACTOR_WIDTH}
          testId="report-factors"
        />
      ) : null}
      {factors === 'one' ? (
        <Form.Item
          name="factorCode"
          label={t('report.filter.factor')}
          rules={[{ required: true, message: t('report.filter.pickFactor') }]}
        >
          <FactorSelect
            devices={factorDevices}
            placeholder={t('report.filter.pickFactor')}
            style={{ width: FACTOR_WIDTH - 60 }}
            data-testid="report-factor"
          />
        </Form.Item>
      ) : null}
      {extra}
      <Form.Item name="timeUnit" label={t('report.filter.timeUnit')}>
        <Select
          style={{ width: 96 }}
          options={units.map((u) => ({ value: u, label: t(`report.units.${u}`) }))}
          onChange={(next: ReportTimeUnit) => form.setFieldValue('range', defaultReportRange(next))}
          data-testid="report-unit"
        />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('report.filter.range')}
        rules={boundedRangeRules(
          (value: ReportRange) => {
            const { beginTime, endTime } = toReportTimes(value, unit);
            return endTime - beginTime <= REPORT_MAX_RANGE_MS[unit];
          },
          { required: t('report.filter.rangeRequired'), tooLong: t('report.validation.rangeTooLong') },
        )}
      >
        <DateRangePicker picker={unit === 'month' ? 'month' : 'date'} allowClear={false} />
      </Form.Item>
      <FilterActions />
    </Form>
  );
}

/** The filters a report's read takes (the stations' calendar), from the form. */
export function reportTimeParams(form: Pick<ReportFilterForm, 'timeUnit' | 'range'>) {
  return { timeUnit: form.timeUnit, ...toReportTimes(form.range, form.timeUnit) };
}
