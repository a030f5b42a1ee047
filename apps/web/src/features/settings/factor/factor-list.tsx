import { type Factor, factorEndpoints, FACTOR_LIMITS, factorInputSchema, REPORT_KEY } from '@envmon/shared';
import { Tag } from 'antd';
import { EMPTY_CELL } from '../../../components/crud/constants';
import type { ListDefinition, ListField } from '../../../components/crud/list-definition';
import { listCalls, listPageQueryOptions } from '../../../components/crud/list-endpoints';
import { categoryLabel, categoryOptions, kindLabel, kindOptions, NO_CATEGORY } from './components/factor-vocabulary';
import { FACTOR_PAGE } from './components/permissions';

const CODE_WIDTH = 120;
const NAME_WIDTH = 180;
const SHORT_WIDTH = 90;
const TAG_WIDTH = 110;
/** Two fields side by side. */
const HALF = 12;

/** What the form holds: the input schema's fields, each possibly not yet entered (a cleared number is null). */
interface FactorFormValues {
  factorCode?: string;
  factorName?: string;
  factorNameEn?: string;
  legacyCode?: string | null;
  kind?: string;
  unit?: string | null;
  decimals?: number | null;
  category?: string;
  rangeMin?: number | null;
  rangeMax?: number | null;
  zeroIsSuspect?: boolean;
  constantCount?: number | null;
  riseRatio?: number | null;
  dropRatio?: number | null;
  outlierMin?: number | null;
  outlierMax?: number | null;
}

function toFactorFormValues(factor: Factor | undefined): FactorFormValues {
  const blank = {
    rangeMin: null,
    rangeMax: null,
    riseRatio: null,
    dropRatio: null,
    outlierMin: null,
    outlierMax: null,
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

/** A quality default: any number, beside another. */
const quality = (name: 'rangeMin' | 'rangeMax' | 'outlierMin' | 'outlierMax' | 'riseRatio' | 'dropRatio') =>
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
      width: CODE_WIDTH,
      fixed: 'left',
    },
    {
      key: 'factorName',
      kind: 'text',
      name: 'factorName',
      title: 'factorSettings.fields.factorName',
      width: NAME_WIDTH,
      ellipsis: true,
    },
    {
      key: 'factorNameEn',
      kind: 'text',
      name: 'factorNameEn',
      title: 'factorSettings.fields.factorNameEn',
      width: NAME_WIDTH,
      ellipsis: true,
    },
    {
      key: 'kind',
      kind: 'custom',
      title: 'factorSettings.fields.kind',
      width: SHORT_WIDTH,
      render: (row, { t }) => kindLabel(t, row.kind),
    },
    { key: 'unit', kind: 'text', name: 'unit', title: 'factorSettings.fields.unit', width: SHORT_WIDTH },
    {
      key: 'decimals',
      kind: 'text',
      name: 'decimals',
      title: 'factorSettings.fields.decimals',
      width: SHORT_WIDTH,
      align: 'right',
    },
    {
      key: 'category',
      kind: 'custom',
      title: 'factorSettings.fields.category',
      width: TAG_WIDTH,
      render: (row, { t }) => (row.category ? <Tag color="purple">{categoryLabel(t, row.category)}</Tag> : EMPTY_CELL),
    },
    {
      key: 'builtIn',
      kind: 'custom',
      title: 'factorSettings.fields.builtIn',
      width: SHORT_WIDTH,
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
    items: [
      { kind: 'edit', testId: true },
      {
        kind: 'delete',
        testId: true,
        refuse: (row) => (row.builtIn ? 'factorSettings.builtInNoDelete' : undefined),
      },
    ],
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
      quality('outlierMin'),
      quality('outlierMax'),
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
