import { type AlarmStrategy, alarmStrategyInputSchema, STRATEGY_LIMITS, vocabularyLabel } from '@envmon/shared';
import { Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaFormModal } from '../../../../components/schema-form-modal';
import { useCodeOptions } from '../../../../components/use-select-options';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { useSaveStrategy } from '../api/strategies';

const LABEL_SPAN = 10;

/** What a strategy sets, stored or default. */
export type StrategyValues = Pick<
  AlarmStrategy,
  'deviceId' | 'enabled' | 'alarmLevel' | 'consecutiveCount' | 'recoverySeconds' | 'repeatIntervalMinutes'
>;

type StrategyFormValues = Partial<Omit<StrategyValues, 'deviceId'>>;

export interface StrategyFormModalProps {
  deviceId: number;
  alarmType: number;
  deviceName: string;
  /** The strategy as it stands (stored, or the defaults of an alarm type without one). */
  values: StrategyValues;
  onClose: () => void;
}

/** Edits one device × alarm type strategy, checked with the server's schema. */
export function StrategyFormModal({
  deviceId,
  alarmType,
  deviceName,
  values: current,
  onClose,
}: StrategyFormModalProps) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const [form] = Form.useForm<StrategyFormValues>();
  const save = useSaveStrategy();
  const levels = useCodeOptions('alarmLevel');
  const { enabled, alarmLevel, consecutiveCount, recoverySeconds, repeatIntervalMinutes } = current;
  const initial = { enabled, alarmLevel, consecutiveCount, recoverySeconds, repeatIntervalMinutes };

  const number = (name: keyof StrategyFormValues, min: number, max: number) => (
    <Form.Item name={name} label={t(`threshold.strategy.fields.${name}`)} required>
      <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <SchemaFormModal
      title={t('threshold.strategy.edit', { device: deviceName, type: vocabularyLabel('alarmType', alarmType, lang) })}
      form={form}
      initialValues={initial}
      schema={alarmStrategyInputSchema}
      toInput={(values) => ({ ...values, deviceId, alarmType })}
      onSave={(input) => save.mutate(input, { onSuccess: onClose })}
      saving={save.isPending}
      onClose={onClose}
      labelSpan={LABEL_SPAN}
      testId="strategy-form"
    >
      <Form.Item name="enabled" label={t('threshold.strategy.fields.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="alarmLevel" label={t('threshold.strategy.fields.alarmLevel')} required>
        <Select options={levels} />
      </Form.Item>
      {number('consecutiveCount', 1, STRATEGY_LIMITS.consecutiveCountMax)}
      {number('recoverySeconds', 0, STRATEGY_LIMITS.recoverySecondsMax)}
      {number('repeatIntervalMinutes', 0, STRATEGY_LIMITS.repeatIntervalMinutesMax)}
    </SchemaFormModal>
  );
}
