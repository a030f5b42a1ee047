import { IOT_CARD_OPERATORS, type IotCard, type IotCardOperator } from '@envmon/shared';
import type { IotCardRow } from './iot-card.repository.js';

const operatorOf = (text: string): IotCardOperator =>
  (IOT_CARD_OPERATORS as readonly string[]).includes(text) ? (text as IotCardOperator) : 'other';

const numberOrNull = (value: number | null): number | null => (value === null ? null : Number(value));

export function toIotCard(row: IotCardRow): IotCard {
  return {
    id: row.id,
    cardNo: row.cardNo,
    msisdn: row.msisdn,
    operator: operatorOf(row.operator),
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceCode: row.deviceCode,
    plan: row.plan,
    dataLimitMb: row.dataLimitMb,
    activateDate: numberOrNull(row.activateDate),
    expireDate: numberOrNull(row.expireDate),
    remark: row.remark,
    createTime: Number(row.createTime),
    updateTime: Number(row.updateTime),
  };
}
