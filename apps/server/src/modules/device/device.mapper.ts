import type { Device, DeviceInput, DeviceStatus, DeviceUser } from '@envmon/shared';
import type { Insertable, Selectable } from 'kysely';
import type { DevicesTable, UsersTable } from '../../db/schema.js';

export type DeviceRow = Selectable<DevicesTable>;

/** The device's own columns as add and update write them (project and times are set elsewhere). */
export type DeviceFields = Required<Omit<Insertable<DevicesTable>, 'id' | 'projectId' | 'createTime' | 'updateTime'>>;

/** A device row as the API shows it; the project link stays behind (deploy records expose it). */
export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    deviceName: row.deviceName,
    deviceCode: row.deviceCode,
    deviceType: row.deviceType,
    intervalTime: row.intervalTime,
    lng: row.lng,
    lat: row.lat,
    installName: row.installName,
    installDate: row.installDate,
    installAddress: row.installAddress,
    installPicId: row.installPicId,
    installPhoto: row.installPhoto,
    contactCompany: row.contactCompany,
    contactPerson: row.contactPerson,
    contactPhone: row.contactPhone,
    maintainId: row.maintainId,
    weather: row.weather,
    ifValid: row.ifValid,
    remark: row.remark,
    preserve02: row.preserve02,
    preserve03: row.preserve03,
    password: row.password,
    utcOffsetMinutes: row.utcOffsetMinutes,
    acceptModbusCrc: row.acceptModbusCrc,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

/** The validated form, field by field, as the device's columns. */
export function toDeviceFields(input: DeviceInput): DeviceFields {
  return {
    deviceName: input.deviceName,
    deviceCode: input.deviceCode,
    deviceType: input.deviceType,
    password: input.password,
    intervalTime: input.intervalTime,
    utcOffsetMinutes: input.utcOffsetMinutes,
    acceptModbusCrc: input.acceptModbusCrc,
    lng: input.lng,
    lat: input.lat,
    installName: input.installName,
    installDate: input.installDate,
    installAddress: input.installAddress,
    installPicId: input.installPicId,
    installPhoto: input.installPhoto,
    contactCompany: input.contactCompany,
    contactPerson: input.contactPerson,
    contactPhone: input.contactPhone,
    maintainId: input.maintainId,
    weather: input.weather,
    ifValid: input.ifValid,
    remark: input.remark,
    preserve02: input.preserve02,
    preserve03: input.preserve03,
  };
}

export type DeviceUserRow = Pick<Selectable<UsersTable>, 'id' | 'userName' | 'name' | 'builtIn'>;

export function toDeviceUser(row: DeviceUserRow): DeviceUser {
  return { id: row.id, userName: row.userName, name: row.name, builtIn: row.builtIn === 1 };
}

export interface DeviceStatusRow {
  deviceId: number;
  online: number | null;
  changedAt: number | null;
  lastPacketAt: number | null;
}

/** A device without a recorded state has never been heard from: offline. */
export function toDeviceStatus(row: DeviceStatusRow): DeviceStatus {
  return { deviceId: row.deviceId, online: row.online === 1, changedAt: row.changedAt, lastPacketAt: row.lastPacketAt };
}
