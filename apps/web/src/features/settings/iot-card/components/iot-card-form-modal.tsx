import { type IotCard, IOT_CARD_LIMITS, iotCardInputSchema } from '@envmon/shared';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SchemaFormModal } from '../../../../components/schema-form-modal';
import { dayjs } from '../../../../lib/dayjs';
import { useDeviceOptions } from '../../../../components/use-select-options';
import { useSaveIotCard } from '../api/save-iot-card';
import { operatorOptions } from './iot-card-vocabulary';

const MODAL_WIDTH = 640;
/** Two fields side by side. */
const HALF = 12;

/** What the form holds: the input schema's fields, dates as the pickers' values, each possibly not entered. */
export interface IotCardFormValues {
  cardNo?: string;
  msisdn?: string | null;
  operator?: string;
  deviceId?: number | null;
  plan?: string | null;
  dataLimitMb?: number | null;
  activateDate?: Dayjs | null;
  expireDate?: Dayjs | null;
  remark?: string | null;
}

export function toIotCardFormValues(card: IotCard | undefined): IotCardFormValues {
  if (!card) return {};
  const date = (value: number | null) => (value === null ? null : dayjs(value));
  return {
    cardNo: card.cardNo,
    msisdn: card.msisdn,
    operator: card.operator,
    deviceId: card.deviceId,
    plan: card.plan,
    dataLimitMb: card.dataLimitMb,
    activateDate: date(card.activateDate),
    expireDate: date(card.expireDate),
    remark: card.remark,
  };
}

/** A card is active from the start of its activation day and valid through the end of its expiry day. */
export function toIotCardInput(values: IotCardFormValues): unknown {
  return {
    ...values,
    cardNo: values.cardNo ?? '',
    deviceId: values.deviceId ?? null,
    dataLimitMb: values.dataLimitMb ?? null,
    activateDate: values.activateDate ? values.activateDate.startOf('day').valueOf() : null,
    expireDate: values.expireDate ? values.expireDate.endOf('day').valueOf() : null,
  };
}

export interface IotCardFormModalProps {
  /** The card being edited; absent to add one. */
  card?: IotCard;
  onClose: () => void;
}

/** Add or edit a card, checked with the server's own schema (STYLE.md rule 3). */
export function IotCardFormModal({ card, onClose }: IotCardFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IotCardFormValues>();
  const save = useSaveIotCard();
  const devices = useDeviceOptions();

  return (
    <SchemaFormModal
      title={card ? t('iotCard.form.edit') : t('iotCard.form.add')}
      form={form}
      initialValues={toIotCardFormValues(card)}
      schema={iotCardInputSchema}
      toInput={toIotCardInput}
      onSave={(body) => save.mutate({ body, id: card?.id }, { onSuccess: onClose })}
      saving={save.isPending}
      onClose={onClose}
      width={MODAL_WIDTH}
      testId="iot-card-form"
    >
      <Row gutter={16}>
        <Col span={HALF}>
          <Form.Item name="cardNo" label={t('iotCard.fields.cardNo')} extra={t('iotCard.form.cardNoHint')} required>
            <Input maxLength={IOT_CARD_LIMITS.cardNoMax} />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="msisdn" label={t('iotCard.fields.msisdn')} extra={t('iotCard.form.msisdnHint')}>
            <Input allowClear />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="operator" label={t('iotCard.fields.operator')} required>
            <Select options={operatorOptions(t)} />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="deviceId" label={t('iotCard.fields.device')} extra={t('iotCard.form.deviceHint')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={devices.options}
              loading={devices.loading}
            />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="plan" label={t('iotCard.fields.plan')}>
            <Input maxLength={IOT_CARD_LIMITS.planMax} allowClear />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="dataLimitMb" label={t('iotCard.fields.dataLimitMb')}>
            <InputNumber style={{ width: '100%' }} min={0} precision={0} />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="activateDate" label={t('iotCard.fields.activateDate')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={HALF}>
          <Form.Item name="expireDate" label={t('iotCard.fields.expireDate')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remark" label={t('iotCard.fields.remark')}>
        <Input.TextArea maxLength={IOT_CARD_LIMITS.remarkMax} rows={2} />
      </Form.Item>
    </SchemaFormModal>
  );
}
