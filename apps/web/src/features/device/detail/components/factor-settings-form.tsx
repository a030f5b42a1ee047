import { type DeviceFactor, deviceFactorItemSchema, type Factor, FACTOR_LIMITS } from '@envmon/shared';
import { Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Translate, showIssuesOnForm } from '../../../../lib/zod-form-errors';
import { useUpdateDeviceFactors } from '../api/update-device-factors';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { replaceItem } from './factor-items';

/** Two quality parameters side by side. */
const FORM_WIDTH = 640;

type ZeroChoice = 'inherit' | 'yes' | 'no';

interface FactorFormValues {
  unit?: string | null;
  standardLimit?: number | null;
  displayOrder?: number | null;
  rangeMin?: number | null;
  rangeMax?: number | null;
  zeroIsSuspect: ZeroChoice;
  constantCount?: number | null;
  riseRatio?: number | null;
  dropRatio?: number | null;
}

const toZeroChoice = (v: boolean | null): ZeroChoice => (v === null ? 'inherit' : v ? 'yes' : 'no');
const fromZeroChoice = (v: ZeroChoice): boolean | null => (v === 'inherit' ? null : v === 'yes');

/** antd's InputNumber gives undefined for a box never touched; the schema wants null for "the factor's". */
const orNull = <T,>(v: T | null | undefined): T | null => v ?? null;

type QualityNumber = 'rangeMin' | 'rangeMax' | 'riseRatio' | 'dropRatio' | 'constantCount';

export interface FactorSettingsFormProps {
  deviceId: number;
  row: DeviceFactor;
  /** The device's whole list: an update replaces it, so the other rows go along unchanged. */
  rows: readonly DeviceFactor[];
  /** The factor's catalogue entry: its defaults are shown where the device keeps them. */
  factor: Factor | undefined;
  onClose: () => void;
}

/** One factor's per-device settings: unit, standard limit, display order and the quality parameters. */
export function FactorSettingsForm({ deviceId, row, rows, factor, onClose }: FactorSettingsFormProps) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const [form] = Form.useForm<FactorFormValues>();
  const update = useUpdateDeviceFactors(deviceId);
  const translate: Translate = (key, values) => t(key, values);
  const name = lang === 'en' ? row.factorNameEn : row.factorName;
  const placeholder = (value: number | string | null | undefined) =>
    value === null || value === undefined ? t('deviceDetail.factor.inherit') : String(value);

  const submit = () => {
    const v = form.getFieldsValue(true) as FactorFormValues;
    const parsed = deviceFactorItemSchema.safeParse({
      factorCode: row.factorCode,
      unit: v.unit ?? null,
      standardLimit: orNull(v.standardLimit),
      displayOrder: v.displayOrder ?? row.displayOrder,
      rangeMin: orNull(v.rangeMin),
      rangeMax: orNull(v.rangeMax),
      zeroIsSuspect: fromZeroChoice(v.zeroIsSuspect),
      constantCount: orNull(v.constantCount),
      riseRatio: orNull(v.riseRatio),
      dropRatio: orNull(v.dropRatio),
    });
    if (!parsed.success) {
      showIssuesOnForm(form, parsed.error.issues, translate);
      return;
    }
    update.mutate(replaceItem(rows, parsed.data), { onSuccess: onClose });
  };

  const numberItem = (field: QualityNumber) => (
    <Col span={12} key={field}>
      <Form.Item name={field} label={t(`deviceDetail.factor.${field}`)}>
        <InputNumber
          style={{ width: '100%' }}
          min={field === 'constantCount' ? 0 : undefined}
          precision={field === 'constantCount' ? 0 : undefined}
          placeholder={placeholder(factor?.[field])}
        />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open
      title={`${t('deviceDetail.factor.edit')}: ${name} (${row.factorCode})`}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={update.isPending}
      width={FORM_WIDTH}
      destroyOnHidden
    >
      <Form<FactorFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          unit: row.unit,
          standardLimit: row.standardLimit,
          displayOrder: row.displayOrder,
          rangeMin: row.rangeMin,
          rangeMax: row.rangeMax,
          zeroIsSuspect: toZeroChoice(row.zeroIsSuspect),
          constantCount: row.constantCount,
          riseRatio: row.riseRatio,
          dropRatio: row.dropRatio,
        }}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="unit" label={t('deviceDetail.factor.unit')}>
              <Input maxLength={FACTOR_LIMITS.unitMax} placeholder={row.factorUnit ?? undefined} allowClear />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="standardLimit" label={t('deviceDetail.factor.standardLimit')}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="displayOrder" label={t('deviceDetail.factor.displayOrder')}>
              <InputNumber style={{ width: '100%' }} min={0} precision={0} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('deviceDetail.factor.quality')}
        </Divider>
        <Typography.Paragraph type="secondary">{t('deviceDetail.factor.inheritHint')}</Typography.Paragraph>
        <Row gutter={16}>
          {numberItem('rangeMin')}
          {numberItem('rangeMax')}
          {numberItem('riseRatio')}
          {numberItem('dropRatio')}
          {numberItem('constantCount')}
          <Col span={12}>
            <Form.Item name="zeroIsSuspect" label={t('deviceDetail.factor.zeroIsSuspect')}>
              <Select<ZeroChoice>
                options={[
                  {
                    value: 'inherit',
                    label: factor
                      ? `${t('deviceDetail.factor.inherit')} (${factor.zeroIsSuspect ? t('common.yes') : t('common.no')})`
                      : t('deviceDetail.factor.inherit'),
                  },
                  { value: 'yes', label: t('common.yes') },
                  { value: 'no', label: t('common.no') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
