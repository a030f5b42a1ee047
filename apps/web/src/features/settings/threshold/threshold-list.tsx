import {
  ALARM_LEVELS,
  type Threshold,
  thresholdEndpoints,
  type ThresholdInput,
  thresholdInputSchema,
  vocabularyLabel,
} from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { EMPTY_CELL } from '../../../components/crud/constants';
import type { ListDefinition, ListFormValues } from '../../../components/crud/list-definition';
import { listCalls } from '../../../components/crud/list-endpoints';
import { useCodeOptions, useFactorOptions } from '../../../components/use-select-options';
import { useVocabularyLang } from '../../../components/vocabulary/use-vocabulary-lang';
import { VocabularyTag } from '../../../components/vocabulary/vocabulary-tag';
import { waterLimitsQueryOptions } from './api/get-water-limits';
import { THRESHOLD_PAGE } from './components/permissions';
import { SymbolTag } from './components/symbol-tag';

const WIDTH = { name: 180, number: 90, tag: 110, time: 165 } as const;

/** Codes as the row holds them (numbers; the schema narrows them). */
type ThresholdFormValues = ListFormValues<ThresholdInput, Threshold>;

function toFormValues(threshold: Threshold | undefined): ThresholdFormValues {
  if (!threshold) return { alarmLevel: ALARM_LEVELS[0], enabled: true, limit1: null, limit2: null, limitId: null };
  const { deviceId, factorCode, overflowType, operator, limit1, limit2, limitId, alarmLevel, enabled } = threshold;
  return { deviceId, factorCode, overflowType, operator, limit1, limit2, limitId, alarmLevel, enabled };
}

/** Cleared boxes are null and unchosen selects undefined; the schema reads both as blank. */
const toInput = (values: ThresholdFormValues) => ({
  ...values,
  overflowType: values.overflowType ?? null,
  limitId: values.limitId ?? null,
});

/** The factors follow the chosen station's type: a water station's picker opens on water factors. */
const useFactorPicker = (deviceId: unknown) => useFactorOptions(typeof deviceId === 'number' ? deviceId : undefined);
const useOperatorPicker = () => ({ options: useCodeOptions('thresholdSymbol') });
const useOverflowPicker = () => ({ options: useCodeOptions('overflowType') });
const useLevelPicker = () => ({ options: useCodeOptions('alarmLevel') });

/** A factor's surface-water classes (only water factors have them), as 'I–V: 15 / 15 / 20 / 30 / 40'. */
function useWaterLimitPicker(factorCode: unknown) {
  const lang = useVocabularyLang();
  const waterLimits = useQuery(waterLimitsQueryOptions());
  const options = (waterLimits.data ?? [])
    .filter((limit) => limit.factorCode === factorCode)
    .map((limit) => ({
      value: limit.id,
      label: `${lang === 'en' ? limit.factorNameEn : limit.factorName}: ${limit.classLimits.map((v) => v ?? EMPTY_CELL).join(' / ')}`,
    }));
  return { options, loading: waterLimits.isPending };
}

/**
 * Settings › alarm thresholds, the thresholds tab: the thresholds of the project's devices, by device and
 * factor; add, edit and delete for writers. The form is checked with the server's own schema (STYLE.md rule 3):
 * operators 1–4 compare with limit1, 5 and 6 need the range limit1 ≤ limit2.
 */
export const THRESHOLD_LIST: ListDefinition<Threshold> = {
  permission: THRESHOLD_PAGE,
  testId: 'threshold',
  ...listCalls(thresholdEndpoints),
  columns: [
    {
      key: 'deviceName',
      kind: 'custom',
      title: 'threshold.fields.device',
      width: WIDTH.name,
      ellipsis: true,
      render: (row) => row.deviceName,
    },
    {
      key: 'factorName',
      kind: 'custom',
      title: 'threshold.fields.factor',
      width: WIDTH.name,
      ellipsis: true,
      render: (row, { lang }) => (lang === 'en' ? row.factorNameEn : row.factorName),
    },
    {
      key: 'operator',
      kind: 'custom',
      title: 'threshold.fields.operator',
      width: WIDTH.tag,
      render: (row, { lang }) => vocabularyLabel('thresholdSymbol', row.operator, lang),
    },
    { key: 'limit1', kind: 'text', name: 'limit1', title: 'threshold.fields.limit1', width: WIDTH.number },
    { key: 'limit2', kind: 'text', name: 'limit2', title: 'threshold.fields.limit2', width: WIDTH.number },
    {
      key: 'symbol',
      kind: 'custom',
      title: 'threshold.fields.symbol',
      width: WIDTH.number,
      render: (row) => <SymbolTag limit1={row.limit1} limit2={row.limit2} />,
    },
    { key: 'unit', kind: 'text', name: 'unit', title: 'threshold.fields.unit', width: WIDTH.number },
    {
      key: 'overflowType',
      kind: 'custom',
      title: 'threshold.fields.overflowType',
      width: WIDTH.tag,
      render: (row) => <VocabularyTag name="overflowType" value={row.overflowType} />,
    },
    {
      key: 'alarmLevel',
      kind: 'custom',
      title: 'threshold.fields.alarmLevel',
      width: WIDTH.number,
      render: (row) => <VocabularyTag name="alarmLevel" value={row.alarmLevel} />,
    },
    {
      key: 'enabled',
      kind: 'custom',
      title: 'threshold.fields.enabled',
      width: WIDTH.number,
      render: (row, { t }) => (row.enabled ? <Tag color="blue">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
    },
    {
      key: 'updateTime',
      kind: 'datetime',
      name: 'updateTime',
      title: 'threshold.fields.updateTime',
      width: WIDTH.time,
    },
  ],
  filterWidth: 220,
  filters: [
    { kind: 'device', name: 'deviceId', label: 'threshold.fields.device', placeholder: 'threshold.fields.device' },
    {
      kind: 'picker',
      name: 'factorCode',
      label: 'threshold.fields.factor',
      placeholder: 'threshold.fields.factor',
      usePicker: useFactorPicker,
      dependsOn: 'deviceId',
      search: true,
    },
  ],
  toolbar: 'below',
  addLabel: 'common.actions.add',
  empty: 'threshold.empty',
  actions: { style: 'link', width: 150, fixed: 'right', items: [{ kind: 'edit' }, { kind: 'delete' }] },
  form: {
    schema: thresholdInputSchema,
    addTitle: 'threshold.form.add',
    editTitle: 'threshold.form.edit',
    width: 560,
    labelSpan: 7,
    testId: 'threshold-form',
    toFormValues,
    toInput,
    fields: [
      { kind: 'device', name: 'deviceId', label: 'threshold.fields.device', required: true },
      {
        kind: 'picker',
        name: 'factorCode',
        label: 'threshold.fields.factor',
        required: true,
        usePicker: useFactorPicker,
        dependsOn: 'deviceId',
        search: true,
      },
      {
        kind: 'picker',
        name: 'overflowType',
        label: 'threshold.fields.overflowType',
        extra: 'threshold.form.overflowHint',
        usePicker: useOverflowPicker,
        allowClear: true,
      },
      {
        kind: 'picker',
        name: 'operator',
        label: 'threshold.fields.operator',
        required: true,
        usePicker: useOperatorPicker,
      },
      { kind: 'number', name: 'limit1', label: 'threshold.fields.limit1', required: true },
      { kind: 'number', name: 'limit2', label: 'threshold.fields.limit2', extra: 'threshold.form.limit2Hint' },
      {
        kind: 'picker',
        name: 'limitId',
        label: 'threshold.fields.limitId',
        extra: 'threshold.form.limitIdHint',
        usePicker: useWaterLimitPicker,
        dependsOn: 'factorCode',
        allowClear: true,
      },
      {
        kind: 'picker',
        name: 'alarmLevel',
        label: 'threshold.fields.alarmLevel',
        required: true,
        usePicker: useLevelPicker,
      },
      { kind: 'switch', name: 'enabled', label: 'threshold.fields.enabled' },
    ],
  },
};
