import {
  CONVERTIBLE_UNITS,
  type DataRule,
  type DataRuleInputRequest,
  DETECTION_LIMIT_MODES,
  dataRuleInputSchema,
  NEGATIVE_MODES,
  REGULAR_LIMITS,
  type RegularSymbol,
  regularEndpoints,
  writeCode,
} from '@envmon/shared';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListDefinition, ListFormValues } from '../../../components/crud/list-definition';
import { listCalls } from '../../../components/crud/list-endpoints';
import { useVocabularyOptions } from '../../../components/crud/field-controls';
import { useFactorOptions } from '../../../components/use-select-options';
import { VocabularyTag } from '../../../components/vocabulary/vocabulary-tag';
import { RuleParams } from './components/rule-params';

/** The data rules page's resource code and the write permission its changes need. */
export const REGULAR_PAGE = 'settings.regular';
export const REGULAR_WRITE = writeCode(REGULAR_PAGE);

const WIDTH = { device: 200, factor: 180, symbol: 140, params: 240, remark: 180, time: 165 } as const;
/** Two fields side by side. */
const HALF = 12;

type RegularFormValues = ListFormValues<DataRuleInputRequest>;

function toFormValues(rule: DataRule | undefined): RegularFormValues {
  if (!rule) return {};
  const { deviceId, factorCode, symbol, k, b, fromUnit, toUnit, mode, limit, fixedValue, decimals, remark } = rule;
  return { deviceId, factorCode, symbol, k, b, fromUnit, toUnit, mode, limit, fixedValue, decimals, remark };
}

/** Unchosen selects and cleared boxes are blank (null); the schema keeps only the symbol's own parameters. */
const toInput = (values: RegularFormValues) => ({
  ...values,
  deviceId: values.deviceId ?? null,
  factorCode: values.factorCode ?? '',
  symbol: values.symbol ?? null,
});

const symbolIs =
  (...symbols: RegularSymbol[]) =>
  (values: Record<string, unknown>) =>
    symbols.includes(values.symbol as RegularSymbol);

/** The factors follow the chosen station's type: a water station's picker opens on water factors. */
const useFactorPicker = (deviceId: unknown) => useFactorOptions(typeof deviceId === 'number' ? deviceId : undefined);
const useSymbolPicker = () => ({ options: useVocabularyOptions('regularSymbol') });
const unitOptions = () => CONVERTIBLE_UNITS.map((unit) => ({ value: unit, label: unit }));

/** The handling choices of the chosen symbol: negatives' or the detection limit's. */
function useModePicker(symbol: unknown) {
  const { t } = useTranslation();
  const modes = symbol === 'negative' ? NEGATIVE_MODES : symbol === 'detectionLimit' ? DETECTION_LIMIT_MODES : [];
  return { options: modes.map((mode) => ({ value: mode, label: t(`regular.modes.${mode}`) })) };
}

const nameOf = (lang: string, zh: string | null, en: string | null) => (lang === 'en' ? (en ?? zh) : zh);

/**
 * Settings › regular (SPEC section 7 'regular'): the data rules applied to the stations' values on ingest, one
 * row per device, factor and rule; the form asks for the chosen rule's parameters only (the shared schema
 * checks them and drops the others).
 */
export const REGULAR_LIST: ListDefinition<DataRule> = {
  permission: REGULAR_PAGE,
  pageTestId: 'regular-page',
  testId: 'regular',
  help: 'regular.help',
  ...listCalls(regularEndpoints),
  columns: [
    {
      key: 'device',
      kind: 'custom',
      title: 'regular.fields.device',
      width: WIDTH.device,
      fixed: 'left',
      ellipsis: true,
      render: (row) => (
        <Flex vertical>
          <span>{row.deviceName}</span>
          <Typography.Text type="secondary">{row.deviceCode}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'factor',
      kind: 'custom',
      title: 'regular.fields.factor',
      width: WIDTH.factor,
      ellipsis: true,
      render: (row, { lang }) => (
        <Flex vertical>
          <span>{nameOf(lang, row.factorName, row.factorNameEn) ?? row.factorCode}</span>
          <Typography.Text type="secondary">{row.factorCode}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'symbol',
      kind: 'custom',
      title: 'regular.fields.symbol',
      width: WIDTH.symbol,
      render: (row) => <VocabularyTag name="regularSymbol" value={row.symbol} />,
    },
    {
      key: 'params',
      kind: 'custom',
      title: 'regular.fields.params',
      width: WIDTH.params,
      render: (row) => <RuleParams rule={row} />,
    },
    {
      key: 'remark',
      kind: 'text',
      name: 'remark',
      title: 'regular.fields.remark',
      width: WIDTH.remark,
      ellipsis: true,
    },
    { key: 'updateTime', kind: 'datetime', name: 'updateTime', title: 'regular.fields.updateTime', width: WIDTH.time },
  ],
  filterWidth: 200,
  filters: [
    { kind: 'device', name: 'deviceId', label: 'regular.fields.device' },
    { kind: 'picker', name: 'factorCode', label: 'regular.fields.factor', usePicker: useFactorPicker, search: true },
    { kind: 'picker', name: 'symbol', label: 'regular.fields.symbol', usePicker: useSymbolPicker },
  ],
  toolbar: 'below',
  addLabel: 'common.actions.add',
  empty: 'regular.empty',
  actions: {
    style: 'link',
    width: 140,
    fixed: 'right',
    items: [
      { kind: 'edit', testId: true },
      { kind: 'delete', testId: true },
    ],
  },
  form: {
    schema: dataRuleInputSchema,
    addTitle: 'regular.form.add',
    editTitle: 'regular.form.edit',
    width: 640,
    testId: 'regular-form',
    toFormValues,
    toInput,
    fields: [
      { kind: 'device', name: 'deviceId', label: 'regular.fields.device', required: true, span: HALF },
      {
        kind: 'picker',
        name: 'factorCode',
        label: 'regular.fields.factor',
        required: true,
        usePicker: useFactorPicker,
        dependsOn: 'deviceId',
        search: true,
        span: HALF,
      },
      { kind: 'picker', name: 'symbol', label: 'regular.fields.symbol', required: true, usePicker: useSymbolPicker },
      {
        kind: 'number',
        name: 'k',
        label: 'regular.fields.k',
        required: true,
        span: HALF,
        showWhen: symbolIs('linear'),
      },
      {
        kind: 'number',
        name: 'b',
        label: 'regular.fields.b',
        required: true,
        span: HALF,
        showWhen: symbolIs('linear'),
      },
      {
        kind: 'select',
        name: 'fromUnit',
        label: 'regular.fields.fromUnit',
        required: true,
        options: unitOptions,
        span: HALF,
        showWhen: symbolIs('unit'),
      },
      {
        kind: 'select',
        name: 'toUnit',
        label: 'regular.fields.toUnit',
        extra: 'regular.form.toUnitHint',
        required: true,
        options: unitOptions,
        span: HALF,
        showWhen: symbolIs('unit'),
      },
      {
        kind: 'number',
        name: 'limit',
        label: 'regular.fields.limit',
        extra: 'regular.form.limitHint',
        required: true,
        min: 0,
        span: HALF,
        showWhen: symbolIs('detectionLimit'),
      },
      {
        kind: 'picker',
        name: 'mode',
        label: 'regular.fields.mode',
        required: true,
        usePicker: useModePicker,
        dependsOn: 'symbol',
        span: HALF,
        showWhen: symbolIs('negative', 'detectionLimit'),
      },
      {
        kind: 'number',
        name: 'fixedValue',
        label: 'regular.fields.fixedValue',
        required: true,
        span: HALF,
        showWhen: (values) => values.symbol === 'detectionLimit' && values.mode === 'fixed',
      },
      {
        kind: 'number',
        name: 'decimals',
        label: 'regular.fields.decimals',
        extra: 'regular.form.decimalsHint',
        min: 0,
        max: REGULAR_LIMITS.maxDecimals,
        precision: 0,
        showWhen: symbolIs('round'),
      },
      {
        kind: 'textarea',
        name: 'remark',
        label: 'regular.fields.remark',
        maxLength: REGULAR_LIMITS.remarkMax,
        rows: 2,
      },
    ],
  },
};
