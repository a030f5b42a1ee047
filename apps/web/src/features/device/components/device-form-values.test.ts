import { type Device, deviceInputSchema, deviceStepFields } from '@envmon/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  checkDeviceField,
  checkLocation,
  formFieldOf,
  formFieldsOf,
  fromDeviceFormValues,
  stepOfField,
  toDeviceFormValues,
} from './device-form-values';

const device: Device = {
  id: 7,
  deviceName: '河口站',
  deviceCode: 'MN0007',
  deviceType: '21',
  intervalTime: 300,
  lng: 114.1,
  lat: 22.5,
  installName: '张三',
  installDate: Date.UTC(2026, 0, 2),
  installAddress: null,
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
  createTime: 1,
  updateTime: 2,
};

describe('device form values', () => {
  it('round-trips a device through the form into what the schema accepts', () => {
    const values = toDeviceFormValues(device);
    expect(values.location).toEqual({ lng: 114.1, lat: 22.5 });
    const parsed = deviceInputSchema.parse(fromDeviceFormValues(values));
    expect(parsed).toMatchObject({ lng: 114.1, lat: 22.5, installDate: Date.UTC(2026, 0, 2), deviceCode: 'MN0007' });
  });

  it('starts a new device with the schema defaults and no point', () => {
    expect(toDeviceFormValues(undefined)).toMatchObject({ ifValid: 1, utcOffsetMinutes: 480, acceptModbusCrc: 0 });
    expect(toDeviceFormValues(undefined).location).toEqual({ lng: null, lat: null });
  });

  it('reads empty boxes as missing, not as zero', () => {
    const raw = fromDeviceFormValues({ intervalTime: null, maintainId: '', location: { lng: null, lat: null } });
    expect(raw.intervalTime).toBeUndefined();
    expect(raw.lng).toBeUndefined();
    expect(fromDeviceFormValues({ installDate: dayjs(5) }).installDate).toBe(5);
  });
});

describe('step fields', () => {
  it('shows lng and lat as the picker of step 1', () => {
    expect(formFieldsOf('location')).toEqual(['location', 'installName', 'installDate', 'installAddress']);
    expect(formFieldsOf('contact')).toEqual([...deviceStepFields.contact]);
    expect(formFieldOf('lat')).toBe('location');
  });

  it('knows the step of each schema field', () => {
    expect(stepOfField('lng')).toBe(0);
    expect(stepOfField('contactPhone')).toBe(1);
    expect(stepOfField('intervalTime')).toBe(2);
  });
});

describe('field rules with the spec messages', () => {
  it.each([
    ['contactPhone', undefined, 'device.rules.contactPhone'],
    ['contactPhone', '12345678901', 'device.rules.contactPhonePattern'],
    ['contactPhone', '1900000000', 'device.rules.contactPhonePattern'],
    ['intervalTime', undefined, 'device.rules.intervalTime'],
    ['intervalTime', 0, 'device.rules.intervalTimePositive'],
    ['intervalTime', 1.5, 'device.rules.intervalTimePositive'],
    ['installName', 'x'.repeat(65), 'device.rules.max64'],
    ['contactCompany', 'x'.repeat(129), 'device.rules.max128'],
    ['maintainId', undefined, 'device.rules.maintainId'],
    ['installDate', undefined, 'device.rules.installDate'],
    ['deviceName', '  ', 'device.rules.deviceName'],
    ['deviceCode', '', 'device.rules.deviceCode'],
    ['deviceType', undefined, 'device.rules.deviceType'],
  ] as const)('%s = %j → %s', (name, value, key) => {
    expect(checkDeviceField(name, value)?.key).toBe(key);
  });

  it('passes good values', () => {
    expect(checkDeviceField('contactPhone', '13800138000')).toBeNull();
    expect(checkDeviceField('intervalTime', 60)).toBeNull();
  });

  it('asks for coordinates, then for each missing one', () => {
    expect(checkLocation({ lng: null, lat: null })?.key).toBe('device.rules.coordinates');
    expect(checkLocation({ lng: 114, lat: null })?.key).toBe('device.rules.lat');
    expect(checkLocation({ lng: null, lat: 22 })?.key).toBe('device.rules.lng');
    expect(checkLocation({ lng: 114, lat: 22 })).toBeNull();
  });
});
