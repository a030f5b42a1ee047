import type { Alarm, WorkOrderEvent } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { AlarmsTable, WorkOrderEventsTable } from '../../db/schema.js';
import { toOverflowType } from '../threshold/threshold.mapper.js';

/** An alarm joined with its device and (when it has one) its factor. */
export type AlarmRow = Omit<Selectable<AlarmsTable>, 'activeKey'> & {
  deviceCode: string;
  deviceName: string;
  utcOffsetMinutes: number;
  factorName: string | null;
  factorNameEn: string | null;
  /** The device's unit for the factor, else the catalogue's. */
  unit: string | null;
};

export function toAlarm(row: AlarmRow): Alarm {
  return {
    id: row.id,
    alarmType: row.alarmType,
    alarmLevel: row.alarmLevel,
    alarmValue: row.alarmValue,
    unit: row.unit,
    beginDate: row.beginDate,
    lastDate: row.lastDate,
    endDate: row.endDate,
    active: row.active === 1,
    count: row.count,
    overflowType: toOverflowType(row.overflowType),
    standardValue: row.standardValue,
    symbol: row.symbol,
    deviceId: row.deviceId,
    deviceCode: row.deviceCode,
    device: { deviceName: row.deviceName, utcOffsetMinutes: row.utcOffsetMinutes },
    factorCode: row.factorCode,
    factor: row.factorName === null ? null : { factorName: row.factorName, factorNameEn: row.factorNameEn },
    workOrder: { orderStatus: row.orderStatus },
  };
}

export function toWorkOrderEvent(row: Selectable<WorkOrderEventsTable>): WorkOrderEvent {
  return {
    id: row.id,
    alarmId: row.alarmId,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    userId: row.userId,
    userName: row.userName,
    comment: row.comment,
    createTime: row.createTime,
  };
}
