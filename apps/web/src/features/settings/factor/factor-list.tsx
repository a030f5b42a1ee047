import {
  type Factor,
  factorEndpoints,
  type FactorInput,
  FACTOR_LIMITS,
  factorInputSchema,
  REPORT_KEY,
} from '@envmon/shared';
import { Tag } from 'antd';
import { EMPTY_CELL } from '../../../components/crud/constants';
import type { ListAction, ListDefinition, ListField, ListFormValues } from '../../../components/crud/list-definition';
import { listCalls, listPageQueryOptions } from '../../../components/crud/list-endpoints';
import { categoryLabel, categoryOptions, kindLabel, kindOptions, NO_CATEGORY } from './components/factor-vocabulary';
import { FACTOR_PAGE } from './components/permissions';

const WIDTH = { code: 120, name: 180, short: 90, tag: 110 } as const;
/** Two fields side by side. */
const HALF = 12;

/** The kind as the row holds it (the schema narrows it); no category is the select's NO_CATEGORY choice. */
type FactorFormValues = ListFormValues<FactorInput, Pick<Factor, 'kind'> & { category: string }>;

function toFactorFormValues(factor: Factor | undefined): FactorFormValues {
  const blank = {
    rangeMin: null,
    rangeMax: null,
    riseRatio: null,
    dropRatio: null,
  };
  if (!factor) return { ...blank, decimals: null, zeroIsSuspect: false, constantCount: 0, category: NO_CATEGORY };
  const { builtIn: _builtIn, category, ...fields } = factor;
  return { ...fields, category: category ?? NO_CATEGORY };
}

/** A number box never touched is undefined and a cleared one null; the schema wants null for "none". */
const toInput = (values: FactorFormValues) => ({
  ...values,
  riseRatio: values.riseRatio ?? null,
  dropRatio: values.dropRatio ?? null,
});

/** Built-in factors can be edited but not deleted. */
const DELETE_UNLESS_BUILT_IN: ListAction<Factor> = {
  kind: 'delete',
  testId: true,
  refuse: (factor) => (factor.builtIn ? 'factorSettings.builtInNoDelete' : undefined),
};

/** A quality default: any number, beside another. */
const quality = (name: 'rangeMin' | 'rangeMax' | 'riseRatio' | 'dropRatio') =>
  ({ kind: 'number', name, label: `factorSettings.fields.${name}`, span: HALF }) as const satisfies ListField;

/**
 * Settings → monitor factors (SPEC section 2 'settings: monitor factor'): the factor catalogue with its
 * quality-flag defaults and categories (the isotope report lists the 'isotope' ones). Rows are named by their
 * code, fixed once added. Built-in factors can be edited but not deleted; the server also refuses factors a
 * device still uses. The catalogue is not the project's, and a change refreshes every factor select and report.
 */
export const FACTOR_LIST: ListDefinition<Factor> = {
  permission: FACTOR_PAGE,
  pageTestId: 'factor-settings-page',
  testId: 'factor',
  rowKey: 'factorCode',
  // Reports name factors, round by their decimals and pick isotopes by category: a write refreshes them too.
  ...listCalls(factorEndpoints, [REPORT_KEY]),
  // Read under the root the whole catalogue is read under (lib/factor-catalogue), so a write refreshes every
  // factor select too.
  listQuery: ({ projectId: _catalogueIsShared, ...query }) => listPageQueryOptions(factorEndpoints.list, query),
  columns: [
    {
      key: 'factorCode',
      kind: 'text',
      name: 'factorCode',
      title: 'factorSettings.fields.factorCode',
      width: WIDTH.code,
      fixed: 'left',
    },
    {
      key: 'factorName',
      kind: 'text',
      name: 'factorName',
      title: 'factorSettings.fields.factorName',
      width: WIDTH.name,
      ellipsis: true,
    },
    {
      key: 'factorNameEn',
      kind: 'text',
      name: 'factorNameEn',
      title: 'factorSettings.fields.factorNameEn',
      width: WIDTH.name,
      ellipsis: true,
    },
    {
      key: 'kind',
      kind: 'custom',
      title: 'factorSettings.fields.kind',
      width: WIDTH.short,
      render: (row, { t }) => kindLabel(t, row.kind),
    },
    { key: 'unit', kind: 'text', name: 'unit', title: 'factorSettings.fields.unit', width: WIDTH.short },
    {
      key: 'decimals',
      kind: 'text',
      name: 'decimals',
      title: 'factorSettings.fields.decimals',
      width: WIDTH.short,
      align: 'right',
    },
    {
      key: 'category',
      kind: 'custom',
      title: 'factorSettings.fields.category',
      width: WIDTH.tag,
      render: (row, { t }) => (row.category ? <Tag color="purple">{categoryLabel(t, row.category)}</Tag> : EMPTY_CELL),
    },
    {
      key: 'builtIn',
      kind: 'custom',
      title: 'factorSettings.fields.builtIn',
      width: WIDTH.short,
      render: (row, { t }) => (row.builtIn ? <Tag>{t('common.builtIn')}</Tag> : EMPTY_CELL),
    },
  ],
  filterWidth: 180,
  filters: [
    {
      kind: 'text',
      name: 'factorCode',
      label: 'factorSettings.fields.factorCode',
      placeholder: 'factorSettings.filter.codePlaceholder',
    },
    {
      kind: 'text',
      name: 'factorName',
      label: 'factorSettings.fields.name',
      placeholder: 'factorSettings.filter.namePlaceholder',
    },
    {
      kind: 'select',
      name: 'kind',
      label: 'factorSettings.fields.kind',
      placeholder: 'factorSettings.fields.kind',
      options: kindOptions,
    },
  ],
  toolbar: 'below',
  addLabel: 'common.actions.add',
  empty: 'factorSettings.empty',
  actions: {
    style: 'link',
    width: 160,
    fixed: 'right',
    items: [{ kind: 'edit', testId: true }, DELETE_UNLESS_BUILT_IN],
  },
  form: {
    schema: factorInputSchema,
    addTitle: 'factorSettings.form.add',
    editTitle: 'factorSettings.form.edit',
    width: 680,
    testId: 'factor-form',
    toFormValues: toFactorFormValues,
    toInput,
    fields: [
      {
        kind: 'text',
        name: 'factorCode',
        label: 'factorSettings.fields.factorCode',
        extra: 'factorSettings.form.codeHint',
        required: true,
        createOnly: true,
        maxLength: FACTOR_LIMITS.factorCodeMax,
        span: HALF,
      },
      {
        kind: 'select',
        name: 'kind',
        label: 'factorSettings.fields.kind',
        required: true,
        options: kindOptions,
        span: HALF,
      },
      {
        kind: 'text',
        name: 'factorName',
        label: 'factorSettings.fields.factorName',
        required: true,
        maxLength: FACTOR_LIMITS.factorNameMax,
        span: HALF,
      },
      {
        kind: 'text',
        name: 'factorNameEn',
        label: 'factorSettings.fields.factorNameEn',
        required: true,
        maxLength: FACTOR_LIMITS.factorNameMax,
        span: HALF,
      },
      {
        kind: 'text',
        name: 'unit',
        label: 'factorSettings.fields.unit',
        maxLength: FACTOR_LIMITS.unitMax,
        allowClear: true,
        span: HALF,
      },
      {
        kind: 'number',
        name: 'decimals',
        label: 'factorSettings.fields.decimals',
        min: 0,
        max: FACTOR_LIMITS.decimalsMax,
        precision: 0,
        span: HALF,
      },
      {
        kind: 'text',
        name: 'legacyCode',
        label: 'factorSettings.fields.legacyCode',
        extra: 'factorSettings.form.legacyCodeHint',
        maxLength: FACTOR_LIMITS.factorCodeMax,
        allowClear: true,
        span: HALF,
      },
      {
        kind: 'select',
        name: 'category',
        label: 'factorSettings.fields.category',
        extra: 'factorSettings.form.categoryHint',
        options: categoryOptions,
        span: HALF,
      },
      {
        kind: 'section',
        name: 'quality',
        label: 'factorSettings.form.quality',
        extra: 'factorSettings.form.qualityHint',
      },
      quality('rangeMin'),
      quality('rangeMax'),
      quality('riseRatio'),
      quality('dropRatio'),
      {
        kind: 'number',
        name: 'constantCount',
        label: 'factorSettings.fields.constantCount',
        extra: 'factorSettings.form.constantCountHint',
        required: true,
        min: 0,
        precision: 0,
        span: HALF,
      },
      { kind: 'switch', name: 'zeroIsSuspect', label: 'factorSettings.fields.zeroIsSuspect', span: HALF },
    ],
  },
};
