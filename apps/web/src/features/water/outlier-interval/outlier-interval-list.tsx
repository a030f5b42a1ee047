import {
  MONTHS,
  type OutlierInterval,
  outlierIntervalEndpoints,
  type OutlierIntervalInput,
  OUTLIER_INTERVAL_LIMITS,
  outlierIntervalUpdateSchema,
  writeCode,
} from '@envmon/shared';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { DeviceCell } from '../../../components/crud/device-cell';
import type { ListDefinition, ListFormValues } from '../../../components/crud/list-definition';
import { listCalls } from '../../../components/crud/list-endpoints';
import { useFactorOptions } from '../../../components/use-select-options';
import { IntervalCell } from './components/interval-cell';

/** The outlier-interval page's resource code and the write permission its changes (and applications) need. */
export const OUTLIER_INTERVAL_PAGE = 'water.outlier-interval';
export const OUTLIER_INTERVAL_WRITE = writeCode(OUTLIER_INTERVAL_PAGE);

const WIDTH = { device: 190, factor: 170, months: 150, interval: 150, user: 100, time: 165, remark: 160 } as const;
/** Two fields side by side. */
const HALF = 12;

export type OutlierIntervalFormValues = ListFormValues<OutlierIntervalInput>;

export function toOutlierIntervalFormValues(row: OutlierInterval | undefined): OutlierIntervalFormValues {
  if (!row) return { deviceId: null, months: [], abnMin: null, abnMax: null, wnMin: null, wnMax: null };
  const { deviceId, factorCode, months, abnMin, abnMax, wnMin, wnMax, remark } = row;
  return { deviceId, factorCode, months, abnMin, abnMax, wnMin, wnMax, remark };
}

/** Boxes never touched are undefined and cleared ones null: both an open side (or every station, all year). */
export const toOutlierIntervalInput = (values: OutlierIntervalFormValues) => ({
  ...values,
  deviceId: values.deviceId ?? null,
  months: values.months ?? [],
  abnMin: values.abnMin ?? null,
  abnMax: values.abnMax ?? null,
  wnMin: values.wnMin ?? null,
  wnMax: values.wnMax ?? null,
});

/** Months by name, in the console language. */
export const monthOptions = (t: TFunction) =>
  MONTHS.map((month) => ({ value: month, label: t(`outlierInterval.monthNames.${month}`) }));

export const monthsLabel = (months: readonly number[], t: TFunction) =>
  months.length === 0
    ? t('outlierInterval.allYear')
    : months.map((month) => t(`outlierInterval.monthNames.${month}`)).join(', ');

const levelOptions = (t: TFunction) =>
  (['factor', 'device'] as const).map((level) => ({ value: level, label: t(`outlierInterval.levels.${level}`) }));

/** The factors follow the chosen station's type: a water station's picker opens on water factors. */
const useFactorPicker = (deviceId: unknown) => useFactorOptions(typeof deviceId === 'number' ? deviceId : undefined);

/**
 * Water station › outlier interval: per factor (every station) and per station × factor, the outlier (ABN) and
 * suspect (WN) intervals, all year or by month. The form is checked with the server's own schema (STYLE.md rule 3);
 * the one `update` call adds a row (no id) or edits one.
 */
export const OUTLIER_INTERVAL_LIST: ListDefinition<OutlierInterval> = {
  permission: OUTLIER_INTERVAL_PAGE,
  testId: 'outlier-interval',
  help: 'outlierInterval.help',
  ...listCalls({ ...outlierIntervalEndpoints, add: outlierIntervalEndpoints.update }),
  columns: [
    {
      key: 'device',
      kind: 'custom',
      title: 'outlierInterval.fields.device',
      width: WIDTH.device,
      fixed: 'left',
      render: (row, { t }) =>
        row.deviceId === null ? (
          <Tag color="blue">{t('outlierInterval.allStations')}</Tag>
        ) : (
          <DeviceCell name={row.deviceName} code={row.deviceCode} />
        ),
    },
    {
      key: 'factor',
      kind: 'custom',
      title: 'outlierInterval.fields.factor',
      width: WIDTH.factor,
      ellipsis: true,
      render: (row, { lang }) =>
        `${lang === 'en' ? row.factorNameEn : row.factorName}${row.unit ? ` (${row.unit})` : ''}`,
    },
    {
      key: 'months',
      kind: 'custom',
      title: 'outlierInterval.fields.months',
      width: WIDTH.months,
      render: (row, { t }) => monthsLabel(row.months, t),
    },
    {
      key: 'abn',
      kind: 'custom',
      title: 'outlierInterval.fields.abn',
      width: WIDTH.interval,
      render: (row) => <IntervalCell flag="ABN" min={row.abnMin} max={row.abnMax} />,
    },
    {
      key: 'wn',
      kind: 'custom',
      title: 'outlierInterval.fields.wn',
      width: WIDTH.interval,
      render: (row) => <IntervalCell flag="WN" min={row.wnMin} max={row.wnMax} />,
    },
    {
      key: 'remark',
      kind: 'text',
      name: 'remark',
      title: 'outlierInterval.fields.remark',
      width: WIDTH.remark,
      ellipsis: true,
    },
    {
      key: 'updatedBy',
      kind: 'text',
      name: 'updatedBy',
      title: 'outlierInterval.fields.updatedBy',
      width: WIDTH.user,
    },
    {
      key: 'updateTime',
      kind: 'datetime',
      name: 'updateTime',
      title: 'outlierInterval.fields.updateTime',
      width: WIDTH.time,
    },
  ],
  filterWidth: 200,
  filters: [
    { kind: 'device', name: 'deviceId', label: 'outlierInterval.fields.device' },
    {
      kind: 'picker',
      name: 'factorCode',
      label: 'outlierInterval.fields.factor',
      usePicker: useFactorPicker,
      dependsOn: 'deviceId',
      search: true,
    },
    { kind: 'select', name: 'level', label: 'outlierInterval.fields.level', options: levelOptions, width: 140 },
  ],
  toolbar: 'below',
  addLabel: 'common.actions.add',
  empty: 'outlierInterval.empty',
  actions: {
    style: 'link',
    width: 150,
    fixed: 'right',
    items: [
      { kind: 'edit', testId: true },
      { kind: 'delete', testId: true },
    ],
  },
  form: {
    schema: outlierIntervalUpdateSchema,
    addTitle: 'outlierInterval.form.add',
    editTitle: 'outlierInterval.form.edit',
    width: 600,
    testId: 'outlier-interval-form',
    toFormValues: toOutlierIntervalFormValues,
    toInput: toOutlierIntervalInput,
    fields: [
      {
        kind: 'device',
        name: 'deviceId',
        label: 'outlierInterval.fields.device',
        extra: 'outlierInterval.form.deviceHint',
        allowClear: true,
        span: HALF,
      },
      {
        kind: 'picker',
        name: 'factorCode',
        label: 'outlierInterval.fields.factor',
        required: true,
        usePicker: useFactorPicker,
        dependsOn: 'deviceId',
        search: true,
        span: HALF,
      },
      {
        kind: 'select',
        name: 'months',
        label: 'outlierInterval.fields.months',
        extra: 'outlierInterval.form.monthsHint',
        options: monthOptions,
        multiple: true,
      },
      {
        kind: 'section',
        name: 'bounds',
        label: 'outlierInterval.fields.abn',
        extra: 'outlierInterval.form.boundsHint',
      },
      { kind: 'number', name: 'abnMin', label: 'outlierInterval.fields.abnMin', span: HALF },
      { kind: 'number', name: 'abnMax', label: 'outlierInterval.fields.abnMax', span: HALF },
      { kind: 'section', name: 'suspect', label: 'outlierInterval.fields.wn' },
      { kind: 'number', name: 'wnMin', label: 'outlierInterval.fields.wnMin', span: HALF },
      { kind: 'number', name: 'wnMax', label: 'outlierInterval.fields.wnMax', span: HALF },
      {
        kind: 'textarea',
        name: 'remark',
        label: 'outlierInterval.fields.remark',
        maxLength: OUTLIER_INTERVAL_LIMITS.remarkMax,
        rows: 2,
      },
    ],
  },
};
