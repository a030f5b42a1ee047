import type { Device } from '@envmon/shared';
import type { Permissions } from '../../../../components/can';

/** Shared by the details' component tests: a device, and a user who may only read devices. */

export const READER: Permissions = { isAdmin: false, codes: new Set(['system.device']) };

export const DEVICE: Device = {
  id: 7,
  deviceName: '莲花山水站',
  deviceCode: 'MN0001',
  deviceType: '21',
  intervalTime: 600,
  lng: 114.26,
  lat: 22.71,
  installName: '张三',
  installDate: 1_763_000_000_000,
  installAddress: '深圳市',
  installPicId: null,
  installPhoto: null,
  contactCompany: '环保局',
  contactPerson: '李四',
  contactPhone: '13800138000',
  maintainId: 1,
  weather: null,
  ifValid: 1,
  remark: null,
  preserve02: null,
  preserve03: null,
  password: '123456',
  utcOffsetMinutes: 480,
  acceptModbusCrc: 0,
  createTime: 1_763_000_000_000,
  updateTime: 1_763_000_000_000,
};
