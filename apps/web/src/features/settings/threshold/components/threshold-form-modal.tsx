import { ALARM_LEVELS, type Threshold, thresholdInputSchema } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { SchemaFormModal } from '../../../../components/schema-form-modal';
import { useCodeOptions, useDeviceOptions, useFactorOptions } from '../../../../components/use-select-options';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { waterLimitsQueryOptions } from '../api/get-water-limits';
import { useSaveThreshold } from '../api/save-threshold';

const MODAL_WIDTH = 560;
const LABEL_SPAN = 7;

/** What the form holds: the input schema's fields, each possibly not yet entered. */
export interface ThresholdFormValues {
  deviceId?: number;
  factorCode?: string;
  overflowType?: number | null;
  operator?: number;
  limit1?: number | null;
  limit2?: number | null;
  limitId?: number | null;
  alarmLevel?: number;
  enabled?: boolean;
}

export function toThresholdFormValues(threshold: Threshold | undefined): ThresholdFormValues {
  if (!threshold) return { alarmLevel: ALARM_LEVELS[0], enabled: true, limit1: null, limit2: null, limitId: null };
  const { deviceId, factorCode, overflowType, operator, limit1, limit2, limitId, alarmLevel, enabled } = threshold;
  return { deviceId, factorCode, overflowType, operator, limit1, limit2, limitId, alarmLevel, enabled };
}

export interface ThresholdFormModalProps {
  /** The threshold being edited; absent to add one. */
  threshold?: Threshold;
  onClose: () => void;
}

/**
 * Add or edit a threshold, checked with the server's own schema (STYLE.md rule 3): operators 1–4
 * compare with limit1, 5 and 6 need the range limit1 ≤ limit2.
 */
export function ThresholdFormModal({ threshold, onClose }: ThresholdFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ThresholdFormValues>();
  const save = useSaveThreshold();
  const devices = useDeviceOptions();
  // The factors follow the chosen station's type: a water station's picker opens on water factors.
  const factors = useFactorOptions(Form.useWatch('deviceId', form));
  const operators = useCodeOptions('thresholdSymbol');
  const overflowTypes = useCodeOptions('overflowType');
  const levels = useCodeOptions('alarmLevel');
  const lang = useVocabularyLang();
  const factorCode = Form.useWatch('factorCode', form);
  const waterLimits = useQuery(waterLimitsQueryOptions());
  // A factor's surface-water classes (only water factors have them), as 'I–V: 15 / 15 / 20 / 30 / 40'.
  const limitOptions = (waterLimits.data ?? [])
    .filter((limit) => limit.factorCode === factorCode)
    .map((limit) => ({
      value: limit.id,
      label: `${lang === 'en' ? limit.factorNameEn : limit.factorName}: ${limit.classLimits.map((v) => v ?? EMPTY_CELL).join(' / ')}`,
    }));

  return (
    <SchemaFormModal
      title={threshold ? t('threshold.form.edit') : t('threshold.form.add')}
      form={form}
      initialValues={toThresholdFormValues(threshold)}
      schema={thresholdInputSchema}
      // Cleared boxes are null and unchosen selects undefined; the schema reads both as blank.
      toInput={(values) => ({ ...values, overflowType: values.overflowType ?? null, limitId: values.limitId ?? null })}
      onSave={(body) => save.mutate({ body, id: threshold?.id }, { onSuccess: onClose })}
      saving={save.isPending}
      onClose={onClose}
      labelSpan={LABEL_SPAN}
      width={MODAL_WIDTH}
      testId="threshold-form"
    >
      <Form.Item name="deviceId" label={t('threshold.fields.device')} required>
        <Select showSearch={{ optionFilterProp: 'label' }} options={devices.options} loading={devices.loading} />
      </Form.Item>
      <Form.Item name="factorCode" label={t('threshold.fields.factor')} required>
        <Select showSearch={{ optionFilterProp: 'label' }} options={factors.options} loading={factors.loading} />
      </Form.Item>
      <Form.Item
        name="overflowType"
        label={t('threshold.fields.overflowType')}
        extra={t('threshold.form.overflowHint')}
      >
        <Select allowClear options={overflowTypes} />
      </Form.Item>
      <Form.Item name="operator" label={t('threshold.fields.operator')} required>
        <Select options={operators} />
      </Form.Item>
      <Form.Item name="limit1" label={t('threshold.fields.limit1')} required>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="limit2" label={t('threshold.fields.limit2')} extra={t('threshold.form.limit2Hint')}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="limitId" label={t('threshold.fields.limitId')} extra={t('threshold.form.limitIdHint')}>
        <Select allowClear options={limitOptions} loading={waterLimits.isPending} />
      </Form.Item>
      <Form.Item name="alarmLevel" label={t('threshold.fields.alarmLevel')} required>
        <Select options={levels} />
      </Form.Item>
      <Form.Item name="enabled" label={t('threshold.fields.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </SchemaFormModal>
  );
}
