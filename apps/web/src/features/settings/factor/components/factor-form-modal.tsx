import { type Factor, FACTOR_LIMITS, factorInputSchema } from '@envmon/shared';
import { Col, Divider, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaFormModal } from '../../../../components/schema-form-modal';
import { useSaveFactor } from '../api/save-factor';
import { categoryOptions, kindOptions, NO_CATEGORY } from './factor-vocabulary';

const MODAL_WIDTH = 680;
/** Two fields side by side. */
const HALF = 12;

type QualityNumber = 'rangeMin' | 'rangeMax' | 'outlierMin' | 'outlierMax' | 'riseRatio' | 'dropRatio';

/** What the form holds: the input schema's fields, each possibly not yet entered (a cleared number is null). */
export interface FactorFormValues {
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

export function toFactorFormValues(factor: Factor | undefined): FactorFormValues {
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

export interface FactorFormModalProps {
  /** The factor being edited; absent to add one. */
  factor?: Factor;
  onClose: () => void;
}

/**
 * Add or edit a catalogue factor, checked with the server's own schema (STYLE.md rule 3). The code
 * names the factor, so it is fixed once saved; the quality parameters are the ingest defaults.
 */
export function FactorFormModal({ factor, onClose }: FactorFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FactorFormValues>();
  const save = useSaveFactor();
  const numberItem = (field: QualityNumber) => (
    <Col span={HALF} key={field}>
      <Form.Item name={field} label={t(`factorSettings.fields.${field}`)}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );

  return (
    <SchemaFormModal
      title={factor ? t('factorSettings.form.edit') : t('factorSettings.form.add')}
      form={form}
      initialValues={toFactorFormValues(factor)}
      schema={factorInputSchema}
      // A number box never touched is undefined and a cleared one null; the schema wants null for "none".
      toInput={(values) => ({ ...values, riseRatio: values.riseRatio ?? null, dropRatio: values.dropRatio ?? null })}
      onSave={(body) => save.mutate({ body, mode: factor ? 'update' : 'create' }, { onSuccess: onClose })}
      saving={save.isPending}
      onClose={onClose}
      width={MODAL_WIDTH}
      testId="factor-form"
    >
      <Row gutter={16}>
        <Col span={HALF}>
          <Form.Item
            name="factorCode"
            label={t('factorSettings.fields.factorCode')}
            extra={factor ? undefined : t('factorSettings.form.codeHint')}
            required
          >
            <Input maxLength={FACTOR_LIMITS.factorCodeMax} disabled={factor !== undefined} />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="kind" label={t('factorSettings.fields.kind')} required>
            <Select options={kindOptions(t)} />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="factorName" label={t('factorSettings.fields.factorName')} required>
            <Input maxLength={FACTOR_LIMITS.factorNameMax} />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="factorNameEn" label={t('factorSettings.fields.factorNameEn')} required>
            <Input maxLength={FACTOR_LIMITS.factorNameMax} />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="unit" label={t('factorSettings.fields.unit')}>
            <Input maxLength={FACTOR_LIMITS.unitMax} allowClear />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="decimals" label={t('factorSettings.fields.decimals')}>
            <InputNumber style={{ width: '100%' }} min={0} max={FACTOR_LIMITS.decimalsMax} precision={0} />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item
            name="legacyCode"
            label={t('factorSettings.fields.legacyCode')}
            extra={t('factorSettings.form.legacyCodeHint')}
          >
            <Input maxLength={FACTOR_LIMITS.factorCodeMax} allowClear />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item
            name="category"
            label={t('factorSettings.fields.category')}
            extra={t('factorSettings.form.categoryHint')}
          >
            <Select options={categoryOptions(t)} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        {t('factorSettings.form.quality')}
      </Divider>
      <Typography.Paragraph type="secondary">{t('factorSettings.form.qualityHint')}</Typography.Paragraph>
      <Row gutter={16}>
        {numberItem('rangeMin')}
        {numberItem('rangeMax')}
        {numberItem('outlierMin')}
        {numberItem('outlierMax')}
        {numberItem('riseRatio')}
        {numberItem('dropRatio')}
        <Col span={HALF}>
          <Form.Item
            name="constantCount"
            label={t('factorSettings.fields.constantCount')}
            extra={t('factorSettings.form.constantCountHint')}
            required
          >
            <InputNumber style={{ width: '100%' }} min={0} precision={0} />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="zeroIsSuspect" label={t('factorSettings.fields.zeroIsSuspect')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </SchemaFormModal>
  );
}
