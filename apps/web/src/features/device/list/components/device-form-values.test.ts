import {
  DEPLOY_TYPE,
  type Device,
  type DeviceDeploy,
  DEVICE_LIMITS,
  deviceInputSchema,
  deviceStepFields,
  VOCABULARIES,
} from '@envmon/shared';
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

  it('shows the project and address group the device’s grouping records name, and sends them', () => {
    const record = (deployType: number, deployId: number): DeviceDeploy => ({
      id: deployId * 10,
      deployId,
      deployName: `group ${deployId}`,
      deployNameEn: null,
      deployType,
      deviceId: device.id,
    });
    const values = toDeviceFormValues(device, {
      records: [record(DEPLOY_TYPE.project, 3), record(DEPLOY_TYPE.address, 8)],
    });
    expect(values).toMatchObject({ projectId: 3, addressId: 8 });
    expect(deviceInputSchema.parse(fromDeviceFormValues(values))).toMatchObject({ projectId: 3, addressId: 8 });
    // No record of a type: in none of its groups.
    expect(toDeviceFormValues(device, { records: [record(DEPLOY_TYPE.address, 8)] }).projectId).toBeNull();
  });

  it('sends a cleared group as null (in none), never as absent (left where it was)', () => {
    const raw = fromDeviceFormValues({ projectId: undefined, addressId: '' });
    expect(raw).toMatchObject({ projectId: null, addressId: null });
    expect(deviceInputSchema.shape.projectId.parse(raw.projectId)).toBeNull();
  });

  it('starts a new device in the project chosen in the header, if any', () => {
    expect(toDeviceFormValues(undefined, { projectId: 5 })).toMatchObject({ projectId: 5, addressId: null });
    expect(toDeviceFormValues(undefined, { projectId: null })).toMatchObject({ projectId: null });
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
    ['deviceType', 'water', 'device.rules.deviceTypeUnknown'],
    ['deviceType', '91', 'device.rules.deviceTypeUnknown'],
    ['password', 'p'.repeat(DEVICE_LIMITS.passwordMax + 1), 'validation.tooLong'],
    ['password', '12;34', 'device.rules.password'],
    ['password', 'a b', 'device.rules.password'],
  ] as const)('%s = %j → %s', (name, value, key) => {
    expect(checkDeviceField(name, value)?.key).toBe(key);
  });

  it('passes good values', () => {
    expect(checkDeviceField('contactPhone', '13800138000')).toBeNull();
    expect(checkDeviceField('intervalTime', 60)).toBeNull();
    for (const { value } of VOCABULARIES.deviceType.items) expect(checkDeviceField('deviceType', value)).toBeNull();
    // A real station's 24-character PW (HJ212.md V02), and none at all.
    expect(checkDeviceField('password', 'BF470F88957588DE902D1A52')).toBeNull();
    expect(checkDeviceField('password', 'p'.repeat(DEVICE_LIMITS.passwordMax))).toBeNull();
    expect(checkDeviceField('password', '')).toBeNull();
  });

  it('asks for coordinates, then for each missing one', () => {
    expect(checkLocation({ lng: null, lat: null })?.key).toBe('device.rules.coordinates');
    expect(checkLocation({ lng: 114, lat: null })?.key).toBe('device.rules.lat');
    expect(checkLocation({ lng: null, lat: 22 })?.key).toBe('device.rules.lng');
    expect(checkLocation({ lng: 114, lat: 22 })).toBeNull();
  });
});
