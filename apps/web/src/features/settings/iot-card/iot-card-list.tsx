import {
  type IotCard,
  iotCardEndpoints,
  type IotCardInput,
  IOT_CARD_LIMITS,
  iotCardInputSchema,
  writeCode,
} from '@envmon/shared';
import { Flex, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ListDefinition, ListFormValues } from '../../../components/crud/list-definition';
import { listCalls } from '../../../components/crud/list-endpoints';
import { dayjs } from '../../../lib/dayjs';
import { IotCardSummary } from './components/iot-card-summary';
import { DaysLeftTag, expiryOptions, operatorOptions } from './components/iot-card-vocabulary';

/** The IoT card page's resource code and the write permission its changes need. */
export const IOT_CARD_PAGE = 'settings.iot-card';
export const IOT_CARD_WRITE = writeCode(IOT_CARD_PAGE);

const WIDTH = { cardNo: 200, number: 140, short: 110, device: 200, date: 120, remark: 180 } as const;
/** Two fields side by side. */
const HALF = 12;

/** Dates as the pickers' values. */
export type IotCardFormValues = ListFormValues<IotCardInput, { activateDate: Dayjs; expireDate: Dayjs }>;

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

/**
 * Settings › IoT card (SPEC section 7 'iotCard'): the SIM / IoT cards stations connect through — which card
 * is in which station and when it expires, soonest first, with the number of cards expiring soon or expired.
 */
export const IOT_CARD_LIST: ListDefinition<IotCard> = {
  permission: IOT_CARD_PAGE,
  pageTestId: 'iot-card-page',
  testId: 'iot-card',
  ...listCalls(iotCardEndpoints),
  columns: [
    {
      key: 'cardNo',
      kind: 'text',
      name: 'cardNo',
      title: 'iotCard.fields.cardNo',
      width: WIDTH.cardNo,
      fixed: 'left',
    },
    { key: 'msisdn', kind: 'text', name: 'msisdn', title: 'iotCard.fields.msisdn', width: WIDTH.number },
    {
      key: 'operator',
      kind: 'label',
      name: 'operator',
      labelKey: (operator) => `iotCard.operators.${operator}`,
      title: 'iotCard.fields.operator',
      width: WIDTH.short,
    },
    {
      key: 'device',
      kind: 'custom',
      title: 'iotCard.fields.device',
      width: WIDTH.device,
      ellipsis: true,
      render: (row, { t }) =>
        row.deviceId === null ? (
          <Typography.Text type="secondary">{t('iotCard.noDevice')}</Typography.Text>
        ) : (
          <Flex vertical>
            <span>{row.deviceName}</span>
            <Typography.Text type="secondary">{row.deviceCode}</Typography.Text>
          </Flex>
        ),
    },
    { key: 'plan', kind: 'text', name: 'plan', title: 'iotCard.fields.plan', width: WIDTH.number },
    {
      key: 'dataLimitMb',
      kind: 'text',
      name: 'dataLimitMb',
      title: 'iotCard.fields.dataLimitMb',
      width: WIDTH.short,
      align: 'right',
    },
    {
      key: 'activateDate',
      kind: 'date',
      name: 'activateDate',
      title: 'iotCard.fields.activateDate',
      width: WIDTH.date,
    },
    { key: 'expireDate', kind: 'date', name: 'expireDate', title: 'iotCard.fields.expireDate', width: WIDTH.date },
    {
      key: 'daysLeft',
      kind: 'custom',
      title: 'iotCard.fields.daysLeft',
      width: WIDTH.number,
      // Days left as of the list's last load.
      render: (row, { loadedAt }) => <DaysLeftTag expireDate={row.expireDate} now={loadedAt} />,
    },
    {
      key: 'remark',
      kind: 'text',
      name: 'remark',
      title: 'iotCard.fields.remark',
      width: WIDTH.remark,
      ellipsis: true,
    },
  ],
  filterWidth: 180,
  filters: [
    { kind: 'text', name: 'cardNo', label: 'iotCard.fields.cardNo', placeholder: 'iotCard.filter.cardNoPlaceholder' },
    { kind: 'device', name: 'deviceId', label: 'iotCard.fields.device' },
    { kind: 'select', name: 'operator', label: 'iotCard.fields.operator', options: operatorOptions },
    { kind: 'select', name: 'expiry', label: 'iotCard.fields.expireDate', options: expiryOptions },
  ],
  toolbar: 'below',
  addLabel: 'common.actions.add',
  summary: IotCardSummary,
  empty: 'iotCard.empty',
  actions: {
    style: 'link',
    width: 160,
    fixed: 'right',
    items: [
      { kind: 'edit', testId: true },
      { kind: 'delete', testId: true },
    ],
  },
  form: {
    schema: iotCardInputSchema,
    addTitle: 'iotCard.form.add',
    editTitle: 'iotCard.form.edit',
    width: 640,
    testId: 'iot-card-form',
    toFormValues: toIotCardFormValues,
    toInput: toIotCardInput,
    fields: [
      {
        kind: 'text',
        name: 'cardNo',
        label: 'iotCard.fields.cardNo',
        extra: 'iotCard.form.cardNoHint',
        required: true,
        maxLength: IOT_CARD_LIMITS.cardNoMax,
        span: HALF,
      },
      {
        kind: 'text',
        name: 'msisdn',
        label: 'iotCard.fields.msisdn',
        extra: 'iotCard.form.msisdnHint',
        allowClear: true,
        span: HALF,
      },
      {
        kind: 'select',
        name: 'operator',
        label: 'iotCard.fields.operator',
        required: true,
        options: operatorOptions,
        span: HALF,
      },
      {
        kind: 'device',
        name: 'deviceId',
        label: 'iotCard.fields.device',
        extra: 'iotCard.form.deviceHint',
        allowClear: true,
        span: HALF,
      },
      {
        kind: 'text',
        name: 'plan',
        label: 'iotCard.fields.plan',
        maxLength: IOT_CARD_LIMITS.planMax,
        allowClear: true,
        span: HALF,
      },
      { kind: 'number', name: 'dataLimitMb', label: 'iotCard.fields.dataLimitMb', min: 0, precision: 0, span: HALF },
      { kind: 'date', name: 'activateDate', label: 'iotCard.fields.activateDate', span: HALF },
      { kind: 'date', name: 'expireDate', label: 'iotCard.fields.expireDate', span: HALF },
      {
        kind: 'textarea',
        name: 'remark',
        label: 'iotCard.fields.remark',
        maxLength: IOT_CARD_LIMITS.remarkMax,
        rows: 2,
      },
    ],
  },
};
